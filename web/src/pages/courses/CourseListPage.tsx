import { Placeholder } from '../../components/Placeholder.tsx';

export default function CourseListPage() {
  return <Placeholder title="Courses" />;
}
