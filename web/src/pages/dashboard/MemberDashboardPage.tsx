import { Placeholder } from '../../components/Placeholder.tsx';

export default function MemberDashboardPage() {
  return <Placeholder title="Member dashboard" />;
}
