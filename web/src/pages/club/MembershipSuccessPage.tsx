import { Placeholder } from '../../components/Placeholder.tsx';

export default function MembershipSuccessPage() {
  return <Placeholder title="Membership Activated!" />;
}
