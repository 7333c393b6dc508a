import { SupportPage } from '../components/support-page';

export default function SupportCreatorPage() {
  return <SupportPage audience="creator" />;
}
