/**
 * The e-mail of a chat message left unread, rendered with react-email like the notification
 * e-mails (their styles and footer): who wrote, from which club, the start of the last message
 * (a member's own words, which React escapes in the HTML) and a link to the conversation.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { createElement as h } from 'react';
import { renderParts, SettingsFooter, styles } from './notification-email.ts';

export interface ChatUnreadEmailInput {
  readonly senderName: string;
  readonly clubName: string;
  /** The last message's first characters. */
  readonly preview: string;
  readonly conversationUrl: string;
  readonly settingsUrl: string;
  readonly unsubscribeUrl: string;
}

export const chatUnreadSubject = (input: Pick<ChatUnreadEmailInput, 'senderName'>) =>
  `${input.senderName} sent you a message on Clubs`;

function ChatUnreadEmail(input: ChatUnreadEmailInput) {
  const headline = chatUnreadSubject(input);
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, headline),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, headline),
        input.clubName ? h(Text, { style: styles.club }, `You both belong to ${input.clubName}`) : null,
        input.preview ? h(Text, { style: styles.quote }, `“${input.preview}”`) : null,
        h(
          Section,
          null,
          h(Button, { href: input.conversationUrl, style: styles.button }, 'Open the conversation'),
        ),
        h(SettingsFooter, input),
      ),
    ),
  );
}

export const renderChatUnreadEmail = (input: ChatUnreadEmailInput) => renderParts(h(ChatUnreadEmail, input));
