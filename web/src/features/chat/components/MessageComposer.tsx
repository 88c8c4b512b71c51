/**
 * Writing a message: Enter sends, Shift+Enter starts a new line. The length limit is shown as the
 * count of characters written and enforced by the field and the shared rule before sending; a
 * refusal (the per-minute limit's 429, a conversation gone) stays under the field in the API's
 * words until the next send.
 */
import { Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { CHAT_LIMITS, sendMessageInputSchema } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { problem, schemaCheck, useForm } from '../../../components/form/useForm.tsx';
import { addSentMessage, refreshInbox } from '../api.ts';

export function MessageComposer({ conversationId }: { conversationId: string }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const send = useForm({
    check: () =>
      schemaCheck(sendMessageInputSchema, { text }, () =>
        text.trim()
          ? `A message is at most ${CHAT_LIMITS.messageLength} characters.`
          : 'Write a message first.',
      ),
    send: () =>
      api('sendMessage', { params: { conversationId }, body: sendMessageInputSchema.parse({ text }) }),
    onSuccess: (message) => {
      addSentMessage(client, conversationId, message);
      refreshInbox(client);
      setText('');
    },
    failure: (error) => problem(messageOf(error, 'Your message was not sent. Please try again.'), 'text'),
    label: 'Sending a message',
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send.submit();
  };
  return (
    <form onSubmit={send.submit} noValidate className="chat-composer">
      <TextAreaField
        name="text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={CHAT_LIMITS.messageLength}
        label="Message"
        labelHidden
        placeholder="Write a message..."
        rows={2}
        descriptiveText={`${text.length} / ${CHAT_LIMITS.messageLength} characters. Enter sends, Shift+Enter starts a new line.`}
        {...send.fieldProps('text')}
      />
      {send.alert}
      <Flex justifyContent="flex-end">
        <Button type="submit" size="small" variation="primary" isLoading={send.busy} loadingText="Sending...">
          Send
        </Button>
      </Flex>
    </form>
  );
}
