import { Placeholder } from '../../components/Placeholder.tsx';

export default function EditClubPage() {
  return <Placeholder title="Edit club" />;
}
