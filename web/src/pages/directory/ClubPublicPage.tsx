import { Placeholder } from '../../components/Placeholder.tsx';

export default function ClubPublicPage() {
  return <Placeholder title="Club page" />;
}
