import { Placeholder } from '../../components/Placeholder.tsx';

export default function CourseManagePage() {
  return <Placeholder title="Course" />;
}
