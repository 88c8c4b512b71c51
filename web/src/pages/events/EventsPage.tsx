import { Placeholder } from '../../components/Placeholder.tsx';

export default function EventsPage() {
  return <Placeholder title="Events" />;
}
