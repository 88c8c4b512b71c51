import { Placeholder } from '../../components/Placeholder.tsx';

export default function AboutPage() {
  return <Placeholder title="About Clubs" />;
}
