/** The course pages' failure panel: 'Access Denied' or 'Error', its likely reasons, Retry and (for access) Go Back. */
import { Button, Flex } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import { MessagePanel } from '../../../components/MessagePanel.tsx';
import { ACCESS_REASONS, friendlyCourseError, GENERIC_REASONS, isAccessError } from './courseErrors.ts';

export function CourseErrorPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const navigate = useNavigate();
  const access = isAccessError(error);
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
