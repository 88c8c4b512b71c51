import { Placeholder } from '../../components/Placeholder.tsx';

export default function CourseCreatePage() {
  return <Placeholder title="Create a course" />;
}
