import { Placeholder } from '../../components/Placeholder.tsx';

export default function SuperAdminPage() {
  return <Placeholder title="Super admin" />;
}
