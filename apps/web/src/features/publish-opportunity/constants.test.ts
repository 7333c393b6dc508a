import * as contracts from '@clipmarket/contracts/opportunities';
import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('the opportunity screens’ limits', () => {
  it('are the contracts’ limits and texts', () => {
    expect(constants.SCREENING_QUESTIONS_MAX).toBe(contracts.SCREENING_QUESTIONS_MAX);
    expect(constants.CHECKLIST_ITEMS_MAX).toBe(contracts.CHECKLIST_ITEMS_MAX);
    expect(constants.OPPORTUNITY_SPOTS_MAX).toBe(contracts.OPPORTUNITY_SPOTS_MAX);
    expect(constants.INVITED_CREATORS_MAX).toBe(contracts.INVITED_CREATORS_MAX);
    expect(constants.serverMessages.briefTooLong).toBe(contracts.opportunityMessages.briefTooLong);
    expect(constants.serverMessages.requiredFields).toBe(
      contracts.opportunityMessages.requiredFields,
    );
    expect(constants.serverMessages.priceBelowSuggested).toBe(
      contracts.opportunityMessages.priceBelowSuggested,
    );
  });
});
