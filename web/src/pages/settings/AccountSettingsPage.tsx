import { Placeholder } from '../../components/Placeholder.tsx';

export default function AccountSettingsPage() {
  return <Placeholder title="Account Settings" />;
}
