import { Placeholder } from '../../components/Placeholder.tsx';

export default function AcceptInvitePage() {
  return <Placeholder title="Club invitation" />;
}
