/**
 * The opportunity's limits and spec texts, repeated from @clipmarket/contracts/opportunities on
 * purpose: importing that module's values would bundle zod into these screens (types are
 * imported from it). constants.test.ts keeps them equal.
 */
export const SCREENING_QUESTIONS_MAX = 3;
export const CHECKLIST_ITEMS_MAX = 10;
export const OPPORTUNITY_SPOTS_MAX = 50;
export const INVITED_CREATORS_MAX = 100;

/** Spec §8 texts the server answers in its field errors, read to say them in the reader's language. */
export const serverMessages = {
  briefTooLong: 'You have reached the maximum numbers of characters.',
  requiredFields: 'Please fill in the required fields.',
  priceBelowSuggested:
    'The maximum price is below what creators of these sizes usually ask for this video length.',
} as const;
