/** Tunisia's time zone and its deadlines: the contract's rules for a request's dates. */
export { REQUEST_TIME_ZONE, deadlineOf } from '@clipmarket/contracts/request-dates';
