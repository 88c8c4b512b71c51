import { Placeholder } from '../../components/Placeholder.tsx';

export default function MemberProfilePage() {
  return <Placeholder title="Member profile" />;
}
