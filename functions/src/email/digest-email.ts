/**
 * The digest e-mail: a club's most liked new posts, each with its title, author, likes and a link
 * that opens it (`?post=`), rendered with react-email into an HTML part and a text part. Titles,
 * names and excerpts are members' own words; React escapes them in the HTML. It ends like every
 * notification e-mail, with the settings link and the reader's unsubscribe link.
 */

import type { DigestCadence, DigestPost } from '@clubs/shared';
import { Body, Container, Head, Heading, Html, Link, Preview, Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import { renderParts, SettingsFooter, styles } from './notification-email.ts';

export interface DigestEmailInput {
  readonly cadence: DigestCadence;
  readonly clubName: string;
  /** The absolute address of the club's page. */
  readonly clubUrl: string;
  /** Most liked first, each with the absolute address that opens it. */
  readonly posts: readonly (DigestPost & { url: string })[];
  /** New posts beyond those listed. */
  readonly more: number;
  readonly settingsUrl: string;
  readonly unsubscribeUrl: string;
}

const postStyles = {
  title: { fontSize: '16px', fontWeight: 600, margin: '0 0 4px' },
  meta: { color: '#5f6b7a', fontSize: '13px', margin: '0 0 4px' },
  excerpt: { color: '#24292f', fontSize: '14px', margin: '0 0 16px' },
} as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const headlineOf = (input: Pick<DigestEmailInput, 'cadence' | 'clubName'>) =>
  `${input.cadence === 'daily' ? "Today's" : "This week's"} most liked posts in ${input.clubName}`;

function DigestEmail(input: DigestEmailInput) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, `${plural(input.posts.length + input.more, 'new post')} in ${input.clubName}`),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, headlineOf(input)),
        h(Text, { style: styles.club }, h(Link, { href: input.clubUrl }, input.clubName)),
        ...input.posts.map((post) =>
          h(
            Section,
            { key: post.id },
            h(Text, { style: postStyles.title }, h(Link, { href: post.url }, post.title || 'Untitled post')),
            h(
              Text,
              { style: postStyles.meta },
              `${post.authorName} · ${plural(post.likeCount, 'like')} · ${plural(post.commentCount, 'comment')}`,
            ),
            post.excerpt ? h(Text, { style: postStyles.excerpt }, post.excerpt) : null,
          ),
        ),
        input.more > 0
          ? h(
              Text,
              null,
              h(Link, { href: input.clubUrl }, `${plural(input.more, 'more new post')} in ${input.clubName}`),
            )
          : null,
        h(SettingsFooter, input),
      ),
    ),
  );
}

/** The HTML and text parts of a digest. */
export const renderDigestEmail = (input: DigestEmailInput) => renderParts(h(DigestEmail, input));

/** The subject line: which digest, of which club. */
export const digestSubject = headlineOf;
