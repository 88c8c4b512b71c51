/**
 * The course pages' failure panel: 'Course Locked' with the level it unlocks at for a member below
 * it, else 'Access Denied' or 'Error', its likely reasons, Retry and (for access) Go Back.
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import { courseLockedMessage } from '@clubs/shared';
import { Link, useNavigate } from 'react-router-dom';
import { MessagePanel } from '../../../components/MessagePanel.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import {
  ACCESS_REASONS,
  friendlyCourseError,
  GENERIC_REASONS,
  isAccessError,
  lockedLevelOf,
} from './courseErrors.ts';

export function CourseErrorPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const navigate = useNavigate();
  const { basePath } = useClubSpace();
  const access = isAccessError(error);
  const lockedAt = lockedLevelOf(error);
  if (lockedAt !== null)
    return (
      <MessagePanel title="Course Locked" icon={<span aria-hidden="true">🔒</span>}>
        <p role="alert">{courseLockedMessage(lockedAt)}.</p>
        <p>Members level up as others like their posts; the course opens as soon as you reach it.</p>
        <Link to={`${basePath}/courses`}>Back to Courses</Link>
      </MessagePanel>
    );
  return (
    <MessagePanel title={access ? 'Access Denied' : 'Error'}>
      <p role="alert">{friendlyCourseError(error)}</p>
      <p>This may be because:</p>
      <ul className="course-reasons">
        {(access ? ACCESS_REASONS : GENERIC_REASONS).map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <Flex gap="small">
        <Button onClick={onRetry}>Retry</Button>
        {access && (
          <Button variation="link" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        )}
      </Flex>
    </MessagePanel>
  );
}
