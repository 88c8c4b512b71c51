import { Placeholder } from '../../components/Placeholder.tsx';

export default function FeaturesPage() {
  return <Placeholder title="Features" />;
}
