import { Placeholder } from '../../components/Placeholder.tsx';

export default function DirectoryPage() {
  return <Placeholder title="Explore Clubs" />;
}
