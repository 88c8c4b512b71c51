import { Placeholder } from '../../components/Placeholder.tsx';

export default function CourseTakePage() {
  return <Placeholder title="Course content" />;
}
