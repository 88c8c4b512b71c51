import { Placeholder } from '../../components/Placeholder.tsx';

export default function PrivacyPage() {
  return <Placeholder title="Privacy Policy" />;
}
