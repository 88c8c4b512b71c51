import { Placeholder } from '../../components/Placeholder.tsx';

export default function SupportPage() {
  return <Placeholder title="Help Centre" />;
}
