import type { ProcessDefinition } from '../workflow.js';
import { contentRequestLineProcess } from './content-request-line.js';
import { creatorValidationProcess } from './creator-validation.js';
import { opportunityApplicationProcess } from './opportunity-application.js';
import { opportunityProcess } from './opportunity.js';
import { paymentProcess } from './payment.js';
import { payoutProcess } from './payout.js';

/** Every process of the product: the tests check each and the docs draw each. */
export const allProcesses: readonly ProcessDefinition[] = [
  creatorValidationProcess,
  paymentProcess,
  contentRequestLineProcess,
  payoutProcess,
  opportunityProcess,
  opportunityApplicationProcess,
];
