/**
 * "Message": opens the conversation with a member the viewer shares an active club with (a
 * profile, a row of Members, a post's author), starting it if there is none yet. The pages show
 * it only for someone else who is an active member beside the viewer; the API still decides, and
 * a refusal is a toast.
 */
import { Button } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/errors.ts';
import { useApiMutation } from '../../api/mutations.ts';
import { useToast } from '../Toaster.tsx';

export function MessageButton({
  userId,
  clubId,
  name,
  variation,
}: {
  userId: string;
  /** The club both are active members of: where they know each other from. */
  clubId: string;
  /** The person's name, for the button's accessible name. */
  name: string;
  variation?: 'primary' | 'link';
}) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const start = useApiMutation('startConversation', {
    onSuccess: ({ id }) => navigate(`/messages/${id}`),
    onError: (error) =>
      toast({
        title: 'Could not open the conversation',
        description: messageOf(error, 'Please try again.'),
        variant: 'error',
      }),
  });
  return (
    <Button
      size="small"
      variation={variation}
      isLoading={start.isPending}
      aria-label={`Message ${name}`}
      onClick={() => start.run({ body: { userId, clubId } })}
    >
      Message
    </Button>
  );
}
