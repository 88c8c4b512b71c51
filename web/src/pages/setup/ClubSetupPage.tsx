import { Placeholder } from '../../components/Placeholder.tsx';

export default function ClubSetupPage() {
  return <Placeholder title="Setting up your club..." />;
}
