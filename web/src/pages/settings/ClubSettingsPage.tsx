import { Placeholder } from '../../components/Placeholder.tsx';

export default function ClubSettingsPage() {
  return <Placeholder title="Club settings" />;
}
