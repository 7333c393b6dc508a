import type { PerformanceView } from '@clipmarket/contracts/performance';
import { useLocation, useParams } from 'wouter';
import { PerformanceDetailPage } from '../components/performance-detail';
import { parseId } from '../paths';

/** The page's part of the address: `performance-request`, `-opportunity` or `-mixed`. */
const viewOf = (path: string): PerformanceView =>
  path.endsWith('-request') ? 'request' : path.endsWith('-opportunity') ? 'opportunity' : 'mixed';

/**
 * Spec §2 `/campaign/{campaign_id}/performance-request|-opportunity|-mixed`: a campaign's
 * performance over its requests, its opportunities, or both.
 */
export default function CampaignPerformancePage() {
  const id = parseId(useParams<{ campaign_id: string }>().campaign_id);
  const [path] = useLocation();
  return (
    <PerformanceDetailPage
      subject={id === null ? null : { kind: 'campaign', id, view: viewOf(path) }}
    />
  );
}
