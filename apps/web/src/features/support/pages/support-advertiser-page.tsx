import { SupportPage } from '../components/support-page';

export default function SupportAdvertiserPage() {
  return <SupportPage audience="advertiser" />;
}
