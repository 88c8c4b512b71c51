/**
 * The course manage page: 'Edit Details' (title, description, level, cover), 'Extract Course
 * Modules' (only with an outline), 'Delete Course' for the club's owner (after a confirmation),
 * the section list with add, move up / down and delete, the active section with Previous / Next,
 * and edit mode (its editor a separate chunk loaded on first edit). Leaving a section or the page
 * with unsaved edits asks first. People who may not edit see 'Start Learning'.
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import { NO_MODULES_FOUND } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { ConfirmDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { useConfirmedWrite } from '../../../components/overlay/useConfirmedWrite.ts';
import { useToast } from '../../../components/Toaster.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { courseKey, coursesKey, useCourse } from '../api.ts';
import { CourseDetailsForm } from '../components/CourseDetailsForm.tsx';
import { CourseFrame, useSectionCursor } from '../components/CourseFrame.tsx';
import { SectionView } from '../components/SectionView.tsx';

const SectionEditor = lazy(() => import('../components/SectionEditor.tsx'));
/** A section's move buttons: up is off for the first section, down for the last. */
const MOVES = [
  { direction: 'up', arrow: '↑' },
  { direction: 'down', arrow: '↓' },
] as const;

export const UNSAVED_PROMPT = 'You have unsaved changes. Do you want to discard them?';

export const DELETE_COURSE_TEXTS = {
  open: 'Delete Course',
  title: 'Delete Course',
  question: 'Delete this course and all its sections? This action cannot be undone.',
  confirm: 'Delete',
  working: 'Deleting...',
  deleted: 'Course deleted',
} as const;

/** The owner's 'Delete Course': asks first; the list opens once the course is gone. */
function DeleteCourse({ clubId, courseId }: { clubId: string; courseId: string }) {
  const { basePath } = useClubSpace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { dialog, request: remove } = useConfirmedWrite('deleteCourse', {
    done: async () => {
      await queryClient.invalidateQueries({ queryKey: coursesKey(clubId) });
      queryClient.removeQueries({ queryKey: courseKey(clubId, courseId) });
      toast({ title: 'Success', description: DELETE_COURSE_TEXTS.deleted, variant: 'success' });
      navigate(`${basePath}/courses`);
    },
    failed: 'Delete Failed',
    fallback: 'Please try again.',
  });
  return (
    <>
      <Button variation="destructive" onClick={dialog.open}>
        {DELETE_COURSE_TEXTS.open}
      </Button>
      <ConfirmDialog
        dialog={dialog}
        texts={DELETE_COURSE_TEXTS}
        request={remove}
        input={{ params: { clubId, courseId } }}
      />
    </>
  );
}

/**
 * Asks before unsaved edits are lost: the browser's own warning when the tab leaves, the prompt
 * before a move to another page of the app (a link, Back), and `confirmDiscard` before an in-page
 * move (another section, Cancel).
 */
function useUnsavedGuard() {
  const dirty = useRef(false);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_PROMPT)) {
      dirty.current = false;
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker]);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const confirmDiscard = useCallback(() => {
    if (!dirty.current || window.confirm(UNSAVED_PROMPT)) {
      dirty.current = false;
      return true;
    }
    return false;
  }, []);
  return { setDirty, confirmDiscard };
}

export default function CourseManagePage() {
  const { club, basePath, role } = useClubSpace();
  const courseId = useParams().courseId ?? '';
  const [editingDetails, setEditingDetails] = useState(false);
  const params = { clubId: club.id, courseId };
  const detail = useCourse(club.id, courseId);
  const sections = detail.data?.sections ?? [];
  const [editing, setEditing] = useState(false);
  const { setDirty, confirmDiscard } = useUnsavedGuard();
  const cursor = useSectionCursor(sections, () => {
    if (!confirmDiscard()) return false;
    setEditing(false);
    return true;
  });
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: courseKey(club.id, courseId) }),
      queryClient.invalidateQueries({ queryKey: coursesKey(club.id) }),
    ]);
  const failed = (error: Error) =>
    toast({ title: 'Update Failed', description: messageOf(error, 'Please try again.'), variant: 'error' });

  const extract = useApiMutation('extractCourseModules', {
    onSuccess: async (result) => {
      await refresh();
      toast({
        title: 'Success',
        description: `${result.created} rich course content sections created with images`,
        variant: 'success',
      });
    },
    onError: (error) =>
      error.message === NO_MODULES_FOUND
        ? toast({ title: 'Warning', description: NO_MODULES_FOUND, variant: 'warning' })
        : failed(error),
  });
  const add = useApiMutation('addSection', {
    onSuccess: async (section) => {
      await refresh();
      cursor.select(section.id);
      toast({ title: 'Success', description: 'New section added with rich content', variant: 'success' });
    },
    onError: failed,
  });
  const move = useApiMutation('moveSection', { onSuccess: refresh, onError: failed });
  const remove = useApiMutation('deleteSection', { onSuccess: refresh, onError: failed });

  const canEdit = detail.data?.canEdit ?? false;
  const course = detail.data?.course;
  const active = cursor.active;
  const busy = move.isPending || remove.isPending;

  const headerActions = canEdit ? (
    <Flex gap="small" wrap="wrap">
      <Button onClick={() => setEditingDetails(true)} isDisabled={editingDetails}>
        Edit Details
      </Button>
      {course?.outline.trim() ? (
        <Button
          isLoading={extract.isPending}
          loadingText="Processing..."
          onClick={() => extract.run({ params })}
        >
          Extract Course Modules
        </Button>
      ) : null}
      {role === 'club_owner' ? <DeleteCourse clubId={club.id} courseId={courseId} /> : null}
    </Flex>
  ) : (
    <Button as={Link} variation="primary" to={`${basePath}/courses/${courseId}/take`}>
      Start Learning
    </Button>
  );

  return (
    <CourseFrame
      detail={detail}
      cursor={cursor}
      headerActions={headerActions}
      listActions={
        canEdit && (
          <Button
            size="small"
            marginTop="small"
            isLoading={add.isPending}
            onClick={() => add.run({ params, body: { title: 'New Section', htmlContent: '' } })}
          >
            Add Section
          </Button>
        )
      }
      sectionControls={
        canEdit
          ? (section, index) => (
              <Flex gap="0">
                {MOVES.map(({ direction, arrow }) => (
                  <Button
                    key={direction}
                    size="small"
                    variation="link"
                    aria-label={`Move ${section.title} ${direction}`}
                    isDisabled={busy || index === (direction === 'up' ? 0 : sections.length - 1)}
                    onClick={() =>
                      move.run({ params: { ...params, sectionId: section.id }, body: { direction } })
                    }
                  >
                    {arrow}
                  </Button>
                ))}
                <Button
                  size="small"
                  variation="link"
                  aria-label={`Delete ${section.title}`}
                  isDisabled={busy}
                  onClick={() => {
                    if (window.confirm(`Delete the section '${section.title}'?`))
                      remove.run({ params: { ...params, sectionId: section.id } });
                  }}
                >
                  ✕
                </Button>
              </Flex>
            )
          : undefined
      }
    >
      {editingDetails && course && (
        <CourseDetailsForm
          key={course.id}
          clubId={club.id}
          course={course}
          onCancel={() => setEditingDetails(false)}
          onSaved={async () => {
            await refresh();
            setEditingDetails(false);
          }}
        />
      )}
      {course?.outline.trim() && sections.length === 0 && (
        <p className="course-panel">No content sections yet</p>
      )}
      {active && (
        <div className="course-panel">
          {editing ? (
            <Suspense fallback={<p>Loading the editor...</p>}>
              <SectionEditor
                key={active.id}
                clubId={club.id}
                courseId={courseId}
                section={active}
                onDirtyChange={setDirty}
                onCancel={() => {
                  if (confirmDiscard()) setEditing(false);
                }}
                onSaved={async () => {
                  setDirty(false);
                  await refresh();
                  setEditing(false);
                }}
              />
            </Suspense>
          ) : (
            <>
              <SectionView section={active} />
              {canEdit && <Button onClick={() => setEditing(true)}>Edit</Button>}
            </>
          )}
        </div>
      )}
    </CourseFrame>
  );
}
