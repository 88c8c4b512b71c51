/**
 * The read-only course page: the section list and the active section with
 * Previous / Next wrapping around, a note that owners and moderators edit the content, Back to
 * Courses, and the member's progress: 'Mark as complete' per section, done / total with a bar
 * (the same progress the course card shows).
 */
import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import type { CourseProgress } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { useToast } from '../../../components/Toaster.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { coursesKey, progressKey, useCourse, useCourseProgress } from '../api.ts';
import { CourseFrame, useSectionCursor } from '../components/CourseFrame.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { SectionView } from '../components/SectionView.tsx';

export default function CourseTakePage() {
  const { club } = useClubSpace();
  const courseId = useParams().courseId ?? '';
  const params = { clubId: club.id, courseId };
  const detail = useCourse(club.id, courseId);
  const progress = useCourseProgress(club.id, courseId, !!detail.data);
  const sections = detail.data?.sections ?? [];
  const cursor = useSectionCursor(sections);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const settle = (saved: CourseProgress) => {
    queryClient.setQueryData(progressKey(club.id, courseId), saved);
    void queryClient.invalidateQueries({ queryKey: coursesKey(club.id) });
  };
  const onError = (error: Error) =>
    toast({ title: 'Update Failed', description: messageOf(error, 'Please try again.'), variant: 'error' });
  const complete = useApiMutation('completeSection', { onSuccess: settle, onError });
  const uncomplete = useApiMutation('uncompleteSection', { onSuccess: settle, onError });
  const done = new Set(progress.data?.completedSectionIds ?? []);
  const active = cursor.active;
  const isDone = active ? done.has(active.id) : false;

  return (
    <CourseFrame detail={detail} cursor={cursor} completed={done}>
      <p className="course-note">
        Content is displayed using HTML or media. Club owners and moderators can edit this content.
      </p>
      {progress.data && <ProgressBar progress={progress.data} />}
      {sections.length === 0 ? (
        <div className="course-panel">
          <Heading level={2}>No content available</Heading>
          <p>This course doesn't have any content sections yet.</p>
        </div>
      ) : (
        active && (
          <div className="course-panel">
            <SectionView section={active} />
            <Flex gap="small" alignItems="center">
              <Button
                variation={isDone ? 'link' : 'primary'}
                isLoading={complete.isPending || uncomplete.isPending}
                onClick={() =>
                  (isDone ? uncomplete : complete).run({ params: { ...params, sectionId: active.id } })
                }
              >
                {isDone ? 'Completed (undo)' : 'Mark as complete'}
              </Button>
            </Flex>
          </div>
        )
      )}
    </CourseFrame>
  );
}
