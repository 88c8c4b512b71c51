/**
 * Writing a message: Enter sends, Shift+Enter starts a new line. The length limit is shown as the
 * count of characters written and enforced by the field and the shared rule before sending; a
 * refusal (the per-minute limit's 429, a conversation gone) stays under the field in the API's
 * words until the next send. A message may carry one image, which is sent only once stored.
 */
import { Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { AVATAR_UPLOAD, CHAT_EMPTY_MESSAGE, CHAT_LIMITS, sendMessageInputSchema } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { problem, schemaCheck, useForm } from '../../../components/form/useForm.tsx';
import { addSentMessage, refreshInbox } from '../api.ts';
import { useChatImage } from './useChatImage.ts';

export function MessageComposer({ conversationId }: { conversationId: string }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const attach = useChatImage(conversationId);
  const fileId = useId();
  const draft = () => ({ text, ...(attach.image?.key ? { imageKey: attach.image.key } : {}) });
  const send = useForm({
    check: () =>
      attach.uploading
        ? problem('Wait for the image to finish uploading.', 'text')
        : schemaCheck(sendMessageInputSchema, draft(), () =>
            text.trim() || attach.image
              ? `A message is at most ${CHAT_LIMITS.messageLength} characters.`
              : CHAT_EMPTY_MESSAGE,
          ),
    send: () =>
      api('sendMessage', { params: { conversationId }, body: sendMessageInputSchema.parse(draft()) }),
    onSuccess: (message) => {
      addSentMessage(client, conversationId, message);
      refreshInbox(client);
      setText('');
      attach.clear();
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
      {attach.image && (
        <div className="chat-composer__image">
          <img src={attach.image.preview} alt="" width={64} height={64} />
          <progress
            max={1}
            value={attach.image.progress}
            aria-label={`Uploading ${attach.image.name}`}
            aria-valuetext={attach.image.key ? 'Uploaded' : `${Math.round(attach.image.progress * 100)}%`}
          />
          <Button size="small" variation="link" onClick={attach.clear}>
            Remove image
          </Button>
        </div>
      )}
      {attach.problem && (
        <p role="alert" className="chat-composer__problem">
          {attach.problem}
        </p>
      )}
      {send.alert}
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <span className="chat-composer__attach">
          <label htmlFor={fileId} className="amplify-label">
            Add an image
          </label>
          <input
            id={fileId}
            type="file"
            accept={AVATAR_UPLOAD.contentTypes.join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void attach.add(file);
              event.target.value = '';
            }}
          />
        </span>
        <Button type="submit" size="small" variation="primary" isLoading={send.busy} loadingText="Sending...">
          Send
        </Button>
      </Flex>
    </form>
  );
}
