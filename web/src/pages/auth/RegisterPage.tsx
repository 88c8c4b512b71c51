import { Placeholder } from '../../components/Placeholder.tsx';

export default function RegisterPage() {
  return <Placeholder title="Create your account" />;
}
