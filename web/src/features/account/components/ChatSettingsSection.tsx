/**
 * Settings → Chat: who may start a conversation with the member (members of their clubs, or
 * nobody: conversations already started stay open), whether messages left unread are e-mailed,
 * and the people they blocked, each with Unblock. A change is saved at once; the form shows what
 * the server stored, and says so, only once the write has finished.
 */
import { Button, CheckboxField, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { CHAT_STARTERS, type ChatSettings } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { routeKey } from '../../../api/queryKeys.ts';
import { CONVERSATIONS_KEY, STARTABLE_KEY } from '../../chat/api.ts';
import { BLOCKED_QUERY, useBlockedPeople, useChatSettings } from '../api.ts';

export const CHAT_SETTINGS_TEXTS = {
  title: 'Chat',
  whoCanStart: 'Who can start a chat with me',
  whoCanStartHint: 'Conversations you already have stay open whatever you choose.',
  emailUnread: 'E-mail me about messages I have not read',
  blocked: 'People you blocked',
  noneBlocked: 'You have not blocked anyone.',
  unblock: 'Unblock',
  loadFailed: 'Could not load your chat settings.',
  blockedFailed: 'Could not load the people you blocked.',
  saving: 'Saving…',
  saved: 'Saved',
} as const;
const T = CHAT_SETTINGS_TEXTS;

export const STARTER_LABELS: Record<ChatSettings['whoCanStart'], string> = {
  members: 'Members of my clubs',
  nobody: 'Nobody',
};

function ChatPreferences() {
  const queryClient = useQueryClient();
  const [state, setState] = useState('');
  const settings = useChatSettings();
  const save = useApiMutation('updateChatSettings', {
    onMutate: () => setState(T.saving),
    onSuccess: (stored) => {
      queryClient.setQueryData(routeKey('getChatSettings'), stored);
      setState(T.saved);
    },
    onError: (error) => setState(`Could not save: ${messageOf(error, 'please try again.')}`),
  });
  if (settings.isError) return <Text role="alert">{T.loadFailed}</Text>;
  const current = settings.data;
  const disabled = !current || save.isPending;
  const change = (changes: Partial<ChatSettings>) => {
    if (current) save.run({ body: { ...current, ...changes } });
  };
  return (
    <>
      <SelectField
        label={T.whoCanStart}
        descriptiveText={T.whoCanStartHint}
        value={current?.whoCanStart ?? ''}
        isDisabled={disabled}
        onChange={(event) => change({ whoCanStart: event.target.value as ChatSettings['whoCanStart'] })}
      >
        {!current && <option value="">Loading…</option>}
        {CHAT_STARTERS.map((value) => (
          <option key={value} value={value}>
            {STARTER_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        name="emailUnread"
        value="yes"
        label={T.emailUnread}
        checked={current?.emailUnread ?? false}
        isDisabled={disabled}
        onChange={(event) => change({ emailUnread: event.target.checked })}
      />
      <Text role="status" fontSize="small" color={state.startsWith('Could') ? 'font.error' : undefined}>
        {state}
      </Text>
    </>
  );
}

function BlockedPeople() {
  const queryClient = useQueryClient();
  const blocked = useBlockedPeople();
  const [failure, setFailure] = useState('');
  const unblock = useApiMutation('unblockPerson', {
    onMutate: () => setFailure(''),
    onSuccess: () => {
      // Whom "Message" shows for, and an open conversation with them, change with it.
      void queryClient.invalidateQueries({ queryKey: STARTABLE_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      return queryClient.invalidateQueries({ queryKey: routeKey('listBlockedPeople', BLOCKED_QUERY) });
    },
    onError: (error) => setFailure(`Could not unblock: ${messageOf(error, 'please try again.')}`),
  });
  return (
    <Flex direction="column" gap="xs">
      <Heading level={3}>{T.blocked}</Heading>
      {blocked.isError ? (
        <Text role="alert">{T.blockedFailed}</Text>
      ) : !blocked.data ? (
        <Text>Loading…</Text>
      ) : blocked.data.items.length === 0 ? (
        <Text color="font.secondary">{T.noneBlocked}</Text>
      ) : (
        <ul aria-label={T.blocked} className="blocked-people">
          {blocked.data.items.map((person) => (
            <li key={person.userId}>
              <Flex alignItems="center" gap="small">
                <Text as="span">{person.name}</Text>
                <Button
                  size="small"
                  isDisabled={unblock.isPending}
                  aria-label={`${T.unblock} ${person.name}`}
                  onClick={() => unblock.run({ params: { userId: person.userId } })}
                >
                  {T.unblock}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {failure && <Text role="alert">{failure}</Text>}
    </Flex>
  );
}

export function ChatSettingsSection() {
  return (
    <Flex as="section" direction="column" gap="small" marginTop="xl" aria-labelledby="chat-settings">
      <Heading level={2} id="chat-settings">
        {T.title}
      </Heading>
      <ChatPreferences />
      <BlockedPeople />
    </Flex>
  );
}
