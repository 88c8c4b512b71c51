/**
 * The layout the manage and take pages share: loading, the error panel, the course's title and
 * description, Back to Courses, the section list on the left and the active section on the right
 * with Previous / Next wrapping around; the first section is selected on load.
 */
import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import type { CourseDetail, Section } from '@clubs/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../../api/errors.ts';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { CourseErrorPanel } from './CourseErrorPanel.tsx';
import './courses.css';

export interface SectionCursor {
  active: Section | null;
  select(id: string): void;
  step(by: 1 | -1): void;
}

/**
 * Which section is shown. `guard` is asked before moving away (the manage page's unsaved edits);
 * returning false keeps the current one.
 */
export function useSectionCursor(
  sections: readonly Section[],
  guard: () => boolean = () => true,
): SectionCursor {
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = sections.find((section) => section.id === activeId) ?? sections[0] ?? null;
  const move = (id: string | undefined) => {
    if (id && id !== active?.id && guard()) setActiveId(id);
  };
  return {
    active,
    select: move,
    step: (by) => {
      if (!active || sections.length === 0) return;
      const index = sections.indexOf(active);
      move(sections[(index + by + sections.length) % sections.length]?.id);
    },
  };
}

export function CourseFrame({
  detail,
  cursor,
  completed,
  listActions,
  sectionControls,
  headerActions,
  children,
}: {
  detail: UseQueryResult<CourseDetail, ApiError>;
  cursor: SectionCursor;
  completed?: ReadonlySet<string>;
  listActions?: ReactNode;
  sectionControls?: (section: Section, index: number) => ReactNode;
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  const { basePath } = useClubSpace();
  if (detail.isPending) return <LoadingScreen label="Loading course..." />;
  if (detail.isError) return <CourseErrorPanel error={detail.error} onRetry={() => void detail.refetch()} />;
  const { course, sections } = detail.data;
  return (
    <main className="course-page">
      <Link to={`${basePath}/courses`}>Back to Courses</Link>
      <Flex justifyContent="space-between" alignItems="start" wrap="wrap">
        <div>
          <Heading level={1}>{course.title}</Heading>
          {course.description && <p>{course.description}</p>}
        </div>
        {headerActions}
      </Flex>
      <div className="course-layout">
        <nav className="course-panel" aria-label="Sections">
          <ol className="course-section-list">
            {sections.map((section, index) => (
              <li key={section.id}>
                <Button
                  variation="link"
                  size="small"
                  aria-current={section.id === cursor.active?.id}
                  onClick={() => cursor.select(section.id)}
                >
                  {completed?.has(section.id) ? '✓ ' : ''}
                  {section.title}
                </Button>
                {sectionControls?.(section, index)}
              </li>
            ))}
          </ol>
          {listActions}
        </nav>
        <div>
          {children}
          {sections.length > 1 && (
            <Flex justifyContent="space-between" marginTop="small">
              <Button size="small" onClick={() => cursor.step(-1)}>
                Previous
              </Button>
              <Button size="small" onClick={() => cursor.step(1)}>
                Next
              </Button>
            </Flex>
          )}
        </div>
      </div>
    </main>
  );
}
