import { useParams } from 'wouter';
import { PerformanceDetailPage } from '../components/performance-detail';
import { parseId } from '../paths';

/** Spec §2 `/performance/content-opportunity/{perfermonce_id}`: one opportunity's performance. */
export default function OpportunityPerformancePage() {
  const id = parseId(useParams<{ performance_id: string }>().performance_id);
  return <PerformanceDetailPage subject={id === null ? null : { kind: 'opportunity', id }} />;
}
