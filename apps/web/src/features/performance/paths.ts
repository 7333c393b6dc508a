import type { PerformanceView } from '@clipmarket/contracts/performance';

/** Spec §2: the advertiser's dashboard and the performance pages. */
export const DASHBOARD_PATH = '/dashboard';
export const requestPerformancePath = (id: number) => `/performance/content-request/${id}`;
export const opportunityPerformancePath = (id: number) => `/performance/content-opportunity/${id}`;
export const campaignPerformancePath = (id: number, view: PerformanceView) =>
  `/campaign/${id}/performance-${view}`;

/** A route's id parameter, or null when it is not a positive whole number. */
export const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
