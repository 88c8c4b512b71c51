/**
 * The owner's switch "Members can message each other" (on unless turned off): off, members no
 * longer start conversations through the club, and those already started go on. Saved at once;
 * the box shows what the server stored, and says so, once the write has finished.
 */
import { Card, CheckboxField, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { PublicClub } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { ownedClubKey } from '../api.ts';

export const MEMBER_CHAT_TEXTS = {
  title: 'Chat',
  label: 'Members can message each other',
  hint: 'When off, members cannot start new conversations through this club; conversations already started go on.',
  saving: 'Saving…',
  saved: 'Saved',
} as const;
const T = MEMBER_CHAT_TEXTS;

export function MemberChatSwitch({ club }: { club: PublicClub }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState('');
  const save = useApiMutation('saveClubChatSettings', {
    onMutate: () => setState(T.saving),
    onSuccess: (stored) => {
      queryClient.setQueryData<PublicClub>(ownedClubKey(club.id), (cached) =>
        cached ? { ...cached, membersCanMessage: stored.membersCanMessage } : cached,
      );
      setState(T.saved);
    },
    onError: (error) => setState(`Could not save: ${messageOf(error, 'please try again.')}`),
  });
  return (
    <Card variation="outlined">
      <Flex direction="column" gap="small" alignItems="flex-start">
        <Heading level={3} fontSize="medium">
          {T.title}
        </Heading>
        <CheckboxField
          name="membersCanMessage"
          value="yes"
          label={T.label}
          checked={club.membersCanMessage !== false}
          isDisabled={save.isPending}
          onChange={(event) =>
            save.run({ params: { clubId: club.id }, body: { membersCanMessage: event.target.checked } })
          }
        />
        <Text color="font.secondary">{T.hint}</Text>
        <Text role="status" fontSize="small" color={state.startsWith('Could') ? 'font.error' : undefined}>
          {state}
        </Text>
      </Flex>
    </Card>
  );
}
