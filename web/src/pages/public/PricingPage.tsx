import { Placeholder } from '../../components/Placeholder.tsx';

export default function PricingPage() {
  return <Placeholder title="Pricing" />;
}
