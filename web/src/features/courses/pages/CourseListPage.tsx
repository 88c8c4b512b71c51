/**
 * The course list: the club's courses as cards (cover, title, description, level, the first 3
 * sections, the viewer's progress; a course above the viewer's level locked, with the level it
 * unlocks at and no way in) and, for owners and moderators, the create
 * button. The list is fetched again when the window regains focus and after every change made in
 * this tab (the course mutations invalidate it). It pages by cursor: "Show more courses" loads the next page.
 */
import { Badge, Button, Flex, Heading } from '@aws-amplify/ui-react';
import { unlocksAtLabel } from '@clubs/shared';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { ShowMore } from '../../../components/PagedList.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { useCourses } from '../api.ts';
import { CourseErrorPanel } from '../components/CourseErrorPanel.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import '../components/courses.css';

export default function CourseListPage() {
  const { club, basePath } = useClubSpace();
  const courses = useCourses(club.id);
  if (courses.isPending) return <LoadingScreen label="Loading courses..." />;
  if (courses.isError)
    return <CourseErrorPanel error={courses.error} onRetry={() => void courses.refetch()} />;
  const items = courses.data.pages.flatMap((page) => page.items);
  const canCreate = courses.data.pages[0]?.canCreate ?? false;
  return (
    <main className="course-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap">
        <Heading level={1}>Courses</Heading>
        {canCreate && (
          <Button as={Link} variation="primary" to={`${basePath}/courses/create`}>
            Create Course
          </Button>
        )}
      </Flex>
      {items.length === 0 && <p>No courses yet.</p>}
      <div className="course-grid">
        {items.map((course) => (
          <article key={course.id} className="course-card" aria-label={course.title}>
            <Flex direction="column" gap="small">
              {course.coverImage && <img className="course-cover" src={course.coverImage} alt="" />}
              <Heading level={2} fontSize="large">
                {course.title}
              </Heading>
              <Flex gap="xs" wrap="wrap">
                <Badge size="small">{course.level}</Badge>
                {course.unlockLevel !== null && (
                  <Badge size="small" variation={course.locked ? 'warning' : 'info'}>
                    {course.locked ? '🔒 ' : ''}
                    {unlocksAtLabel(course.unlockLevel)}
                  </Badge>
                )}
              </Flex>
              {course.description && <p>{course.description}</p>}
              {course.firstSections.length > 0 && (
                <ul aria-label="First sections">
                  {course.firstSections.map((section) => (
                    <li key={section.id}>{section.title}</li>
                  ))}
                </ul>
              )}
              <ProgressBar progress={course.progress} />
              <Flex gap="small">
                {!course.locked && <Link to={`${basePath}/courses/${course.id}/take`}>Start Learning</Link>}
                {canCreate && <Link to={`${basePath}/courses/${course.id}`}>Manage</Link>}
              </Flex>
            </Flex>
          </article>
        ))}
      </div>
      <ShowMore list={courses} label="Show more courses" marginTop="medium" />
      {courses.isFetching && <p className="visually-hidden">Refreshing courses...</p>}
    </main>
  );
}
