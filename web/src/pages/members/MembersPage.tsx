import { Placeholder } from '../../components/Placeholder.tsx';

export default function MembersPage() {
  return <Placeholder title="Members" />;
}
