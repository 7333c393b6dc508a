import { useParams } from 'wouter';
import { PerformanceDetailPage } from '../components/performance-detail';
import { parseId } from '../paths';

/** Spec §2 `/performance/content-request/{perfermonce_id}`: one content request's performance. */
export default function RequestPerformancePage() {
  const id = parseId(useParams<{ performance_id: string }>().performance_id);
  return <PerformanceDetailPage subject={id === null ? null : { kind: 'content-request', id }} />;
}
