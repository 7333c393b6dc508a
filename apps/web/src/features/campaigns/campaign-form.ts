import {
  campaignBodySchema,
  campaignMessages,
  type Campaign,
  type CampaignBody,
  type CampaignGoal,
  type CampaignVisibility,
} from '@clipmarket/contracts/campaigns';

/** What the campaign form holds: days as `YYYY-MM-DD`, the budget in dinars as typed. */
export interface CampaignFormValues {
  name: string;
  goal: CampaignGoal | '';
  visibility: CampaignVisibility;
  startsOn: string;
  endsOn: string;
  budget: number | string;
  targetUrl: string;
}
export type CampaignFormField = keyof CampaignFormValues;

export const emptyCampaignForm = (today: string): CampaignFormValues => ({
  name: '',
  goal: '',
  visibility: 'private',
  startsOn: today,
  endsOn: '',
  budget: '',
  targetUrl: '',
});

export const campaignFormOf = (campaign: Campaign): CampaignFormValues => ({
  name: campaign.name,
  goal: campaign.goal,
  visibility: campaign.visibility,
  startsOn: campaign.starts_on,
  endsOn: campaign.ends_on,
  budget: campaign.money.budget / 1000,
  targetUrl: campaign.target_url ?? '',
});

const fieldOfBody: Record<string, CampaignFormField> = {
  name: 'name',
  goal: 'goal',
  visibility: 'visibility',
  starts_on: 'startsOn',
  ends_on: 'endsOn',
  budget: 'budget',
  target_url: 'targetUrl',
};

/** The form field an API field error belongs to, if any. */
export const formFieldOf = (field: string) => fieldOfBody[field];

/** The catalog key (`campaigns:form.errors.*`) of a field's problem, from the contract's text. */
export function problemKey(field: CampaignFormField, message: string) {
  if (message === campaignMessages.endBeforeStart) return 'form.errors.endBeforeStart' as const;
  if (message === campaignMessages.tooLong) return 'form.errors.tooLong' as const;
  if (field === 'name' && message.includes('at most')) return 'form.errors.nameTooLong' as const;
  if (field === 'targetUrl') return 'form.errors.targetUrl' as const;
  if (field === 'budget') return 'form.errors.budget' as const;
  if (field === 'startsOn' || field === 'endsOn') return 'form.errors.date' as const;
  return 'form.errors.required' as const;
}

export type CampaignProblemKey = ReturnType<typeof problemKey>;

/** The request body, checked with the API's own schema. */
export function parseCampaignForm(
  values: CampaignFormValues,
):
  | { ok: true; body: CampaignBody }
  | { ok: false; problems: Partial<Record<CampaignFormField, CampaignProblemKey>> } {
  const budget = values.budget === '' ? undefined : Math.round(Number(values.budget) * 1000);
  const body = {
    name: values.name,
    goal: values.goal || undefined,
    visibility: values.visibility,
    starts_on: values.startsOn,
    ends_on: values.endsOn,
    budget,
    target_url: values.targetUrl,
  };
  const parsed = campaignBodySchema.safeParse(body);
  if (parsed.success) return { ok: true, body: body as CampaignBody };
  const problems: Partial<Record<CampaignFormField, CampaignProblemKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(String(issue.path[0]));
    if (field && !problems[field]) problems[field] = problemKey(field, issue.message);
  }
  return { ok: false, problems };
}
