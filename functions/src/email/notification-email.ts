/**
 * The e-mail of a notification (a reply, a mention, an approval, an announcement), rendered with
 * react-email: one template gives the HTML part and, rendered as plain text, the text part. The
 * names and texts in it are members' own words; React escapes them in the HTML. Every e-mail ends
 * with a link to the reader's notification settings and a link that unsubscribes them at once.
 */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h, type ReactElement } from 'react';

export interface NotificationEmailInput {
  /** What the notification says ("Mia Member commented on your post"). */
  readonly headline: string;
  readonly clubName: string;
  /** The quoted text, if any. */
  readonly excerpt: string;
  /** The absolute address of what it is about, and the button's words. */
  readonly actionUrl: string;
  readonly actionLabel: string;
  /** The absolute address of the reader's notification settings. */
  readonly settingsUrl: string;
  /** The absolute address of the page that unsubscribes the reader (a signed link). */
  readonly unsubscribeUrl: string;
}

export const styles = {
  body: {
    backgroundColor: '#f6f7f9',
    fontFamily: 'Helvetica, Arial, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px', maxWidth: '560px' },
  heading: { fontSize: '20px', margin: '0 0 8px' },
  club: { color: '#5f6b7a', fontSize: '14px', margin: '0 0 16px' },
  quote: { borderLeft: '3px solid #d0d7de', color: '#24292f', margin: '0 0 20px', paddingLeft: '12px' },
  button: {
    backgroundColor: '#2563eb',
    borderRadius: '6px',
    color: '#ffffff',
    fontWeight: 600,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  footer: { color: '#5f6b7a', fontSize: '12px', margin: '0' },
} as const;

/** Every notification e-mail's end: why it came, and links to the settings and to unsubscribe. */
export function SettingsFooter(input: { settingsUrl: string; unsubscribeUrl: string }) {
  return h(
    Section,
    null,
    h(Hr, null),
    h(
      Text,
      { style: styles.footer },
      'You get this e-mail because of your notification settings on Clubs. ',
      h(Link, { href: input.settingsUrl }, 'Change your notification settings'),
      ' or ',
      h(Link, { href: input.unsubscribeUrl }, 'unsubscribe'),
      '.',
    ),
  );
}

function NotificationEmail(input: NotificationEmailInput) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, `${input.headline} in ${input.clubName}`),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, input.headline),
        h(Text, { style: styles.club }, input.clubName),
        input.excerpt ? h(Text, { style: styles.quote }, `“${input.excerpt}”`) : null,
        h(Section, null, h(Button, { href: input.actionUrl, style: styles.button }, input.actionLabel)),
        h(SettingsFooter, input),
      ),
    ),
  );
}

/** The HTML part and, the same template rendered as plain text, the text part. */
export async function renderParts(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/** The HTML and text parts of a notification's e-mail. */
export const renderNotificationEmail = (input: NotificationEmailInput) =>
  renderParts(h(NotificationEmail, input));

/** The subject line: what happened and where. */
export const notificationSubject = (input: Pick<NotificationEmailInput, 'headline' | 'clubName'>) =>
  `${input.headline} in ${input.clubName}`;
