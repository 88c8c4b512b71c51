import { Placeholder } from '../../components/Placeholder.tsx';

export default function InvitePage() {
  return <Placeholder title="Invite members" />;
}
