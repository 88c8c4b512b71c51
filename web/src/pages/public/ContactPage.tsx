import { Placeholder } from '../../components/Placeholder.tsx';

export default function ContactPage() {
  return <Placeholder title="Contact Us" />;
}
