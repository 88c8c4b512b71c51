import { Placeholder } from '../../components/Placeholder.tsx';

export default function ClubHomePage() {
  return <Placeholder title="Club home" />;
}
