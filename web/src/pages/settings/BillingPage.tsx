import { Placeholder } from '../../components/Placeholder.tsx';

export default function BillingPage() {
  return <Placeholder title="Billing" />;
}
