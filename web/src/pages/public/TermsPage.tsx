import { Placeholder } from '../../components/Placeholder.tsx';

export default function TermsPage() {
  return <Placeholder title="Terms of Service" />;
}
