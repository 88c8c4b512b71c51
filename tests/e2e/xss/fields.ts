/**
 * Where stored text is shown to other people: one row per field (how the fixture writes it
 * through the API, and which pages show it), and one entry per page (who opens it and what it
 * shows). A later feature adds its rows here, a writer for its carrier in world.ts and, if it
 * brings a new page, that page below. (Section HTML is not a text field: the section save route's
 * integration test runs the corpus through its sanitizer.)
 */
import type { Page } from '@playwright/test';
import type { Payload } from './corpus.ts';
import type { World } from './world.ts';

/** The things the fixture creates once per payload; each carries one or more fields. */
export type Carrier =
  | 'club'
  | 'person'
  | 'post'
  | 'comment'
  | 'event'
  | 'course'
  | 'section'
  | 'report'
  | 'chat';

export type PageKind =
  | 'directory'
  | 'club-public'
  | 'dashboard'
  | 'club-home'
  | 'club-feed'
  | 'member-profile'
  | 'club-events'
  | 'club-leaderboard'
  | 'club-courses'
  | 'course-take'
  | 'invitation'
  | 'reports'
  | 'chat-inbox'
  | 'join-dialog'
  | 'club-members'
  | 'chat-reports';

export interface FieldRow {
  /** Two letters: the second half of every marker written through this field. */
  readonly code: string;
  readonly field: string;
  readonly carrier: Carrier;
  readonly writtenBy: string;
  readonly shownOn: readonly PageKind[];
}

export const FIELDS: readonly FieldRow[] = [
  {
    code: 'cn',
    field: 'club name',
    carrier: 'club',
    writtenBy: 'POST /api/clubs { name }',
    shownOn: ['directory', 'club-public', 'dashboard', 'club-home', 'invitation'],
  },
  {
    code: 'cd',
    field: 'club description',
    carrier: 'club',
    writtenBy: 'POST /api/clubs { description }',
    shownOn: ['directory', 'club-public', 'dashboard', 'club-home', 'invitation'],
  },
  {
    code: 'pn',
    field: 'profile name',
    carrier: 'person',
    writtenBy: 'PATCH /api/me { fullName }',
    shownOn: ['club-feed', 'member-profile', 'club-leaderboard', 'chat-inbox'],
  },
  {
    code: 'pb',
    field: 'profile bio',
    carrier: 'person',
    writtenBy: 'PATCH /api/me { bio }',
    shownOn: ['member-profile'],
  },
  {
    code: 'pl',
    field: 'profile location',
    carrier: 'person',
    writtenBy: 'PATCH /api/me { location }',
    shownOn: ['member-profile'],
  },
  {
    code: 'pt',
    field: 'post title',
    carrier: 'post',
    writtenBy: 'POST /api/clubs/{clubId}/posts { title }',
    shownOn: ['club-feed', 'member-profile'],
  },
  {
    code: 'pc',
    field: 'post content',
    carrier: 'post',
    writtenBy: 'POST /api/clubs/{clubId}/posts { content }',
    shownOn: ['club-feed'],
  },
  {
    code: 'cm',
    field: 'comment',
    carrier: 'comment',
    writtenBy: 'POST /api/clubs/{clubId}/posts/{postId}/comments { content }',
    shownOn: ['club-feed'],
  },
  {
    code: 'et',
    field: 'event title',
    carrier: 'event',
    writtenBy: 'POST /api/clubs/{clubId}/events { title }',
    shownOn: ['club-events'],
  },
  {
    code: 'ed',
    field: 'event description',
    carrier: 'event',
    writtenBy: 'POST /api/clubs/{clubId}/events { description }',
    shownOn: ['club-events'],
  },
  {
    code: 'el',
    field: 'event location',
    carrier: 'event',
    writtenBy: 'POST /api/clubs/{clubId}/events { location }',
    shownOn: ['club-events'],
  },
  {
    code: 'kt',
    field: 'course title',
    carrier: 'course',
    writtenBy: 'POST /api/clubs/{clubId}/courses { title }',
    shownOn: ['club-courses'],
  },
  {
    code: 'kd',
    field: 'course description',
    carrier: 'course',
    writtenBy: 'POST /api/clubs/{clubId}/courses { description }',
    shownOn: ['club-courses'],
  },
  {
    code: 'st',
    field: 'section title',
    carrier: 'section',
    writtenBy: 'POST /api/clubs/{clubId}/courses/{courseId}/sections { title }',
    shownOn: ['course-take'],
  },
  {
    code: 'rt',
    field: "report text (reason 'other')",
    carrier: 'report',
    writtenBy: "POST /api/clubs/{clubId}/posts/{postId}/reports { reason: 'other', text }",
    shownOn: ['reports'],
  },
  // A club's membership question, read in its join dialog by whoever asks to join.
  {
    code: 'mq',
    field: 'membership question',
    carrier: 'club',
    writtenBy: 'PUT /api/clubs/{clubId}/membership-questions { questions: [{ text }] }',
    shownOn: ['join-dialog'],
  },
  // Its e-mail consent line, beside the box to tick in the same dialog.
  {
    code: 'mc',
    field: 'e-mail consent line',
    carrier: 'club',
    writtenBy: 'PUT /api/clubs/{clubId}/membership-questions { consent }',
    shownOn: ['join-dialog'],
  },
  // A person's answer to the main club's question, given with their checkout, on the owner's Members page.
  {
    code: 'ma',
    field: 'answer to a membership question',
    carrier: 'person',
    writtenBy: 'POST /api/clubs/{clubId}/membership-checkout { answers }',
    shownOn: ['club-members'],
  },
  // A chat message to the viewer (its inbox shows it as the conversation's preview), and its
  // sender's report of the conversation to the super admins, whose portal shows the report's words
  // and the copy of the message taken with it.
  {
    code: 'cx',
    field: 'chat message',
    carrier: 'chat',
    writtenBy: 'POST /api/me/conversations/{conversationId}/messages { text }',
    shownOn: ['chat-inbox', 'chat-reports'],
  },
  {
    code: 'cr',
    field: "chat report text (reason 'other')",
    carrier: 'chat',
    writtenBy: "POST /api/me/conversations/{conversationId}/report { reason: 'other', text }",
    shownOn: ['chat-reports'],
  },
];

export const VIEWERS = ['anonymous', 'owner', 'member', 'admin'] as const;
export type Viewer = (typeof VIEWERS)[number];

/** One page opened once: who opens it, and whose carriers (payloads) it must show as text. */
export interface Visit {
  readonly kind: PageKind;
  readonly viewer: Viewer;
  readonly path: string;
  /** The carriers this page shows, each for one payload. */
  readonly shows: readonly { carrier: Carrier; payload: Payload }[];
  /** What the viewer does first to show them (a tab, a post's comments). */
  readonly prepare?: (page: Page) => Promise<void>;
}

const every = (world: World, carriers: readonly Carrier[]) =>
  world.corpus.flatMap((payload) => carriers.map((carrier) => ({ carrier, payload })));

/** One page per payload: the page of the carrier that holds it. */
const each = (
  world: World,
  kind: PageKind,
  viewer: Viewer,
  path: (index: number) => string,
  carriers: readonly Carrier[],
): Visit[] =>
  world.corpus.map((payload, i) => ({
    kind,
    viewer,
    path: path(i),
    shows: carriers.map((carrier) => ({ carrier, payload })),
  }));

/**
 * Presses a list's 'Show more' button until it is gone, each time waiting for more items (those
 * matching `selector`) than before, so every page of a list read by cursor is on screen.
 */
async function showAll(page: Page, selector: string, moreButton: string): Promise<void> {
  const items = page.locator(selector);
  const more = page.getByRole('button', { name: moreButton });
  await items.first().waitFor();
  while (await more.isVisible()) {
    const before = await items.count();
    await more.click();
    await page.waitForFunction(({ css, shown }) => document.querySelectorAll(css).length > shown, {
      css: selector,
      shown: before,
    });
  }
}

/** Every page that shows a field of the table, as the people who can see it. */
export function visits(world: World): Visit[] {
  const { clubs, people, mainClub } = world;
  return [
    { kind: 'directory', viewer: 'anonymous', path: '/clubs', shows: every(world, ['club']) },
    ...each(world, 'club-public', 'anonymous', (i) => `/c/${clubs[i]}`, ['club']),
    {
      kind: 'dashboard',
      viewer: 'owner',
      path: '/dashboard',
      shows: every(world, ['club']),
      prepare: (page) => page.getByRole('tab', { name: /Clubs Owned/ }).click(),
    },
    ...each(world, 'club-home', 'owner', (i) => `/communities/${clubs[i]}`, ['club']),
    {
      kind: 'club-feed',
      viewer: 'member',
      path: `/communities/${mainClub}`,
      shows: every(world, ['person', 'post', 'comment']),
      prepare: (page) =>
        page
          .locator(`article[data-post-id="${world.commentedPost}"]`)
          .getByRole('button', { name: /comments?$/ })
          .click(),
    },
    {
      kind: 'club-events',
      viewer: 'member',
      path: `/communities/${mainClub}/events`,
      shows: every(world, ['event']),
      prepare: async (page) => {
        await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
        await showAll(page, '.events-card', 'Show more events');
      },
    },
    {
      kind: 'club-leaderboard',
      viewer: 'member',
      path: `/communities/${mainClub}/leaderboard`,
      shows: every(world, ['person']),
      prepare: (page) => showAll(page, '[data-testid="leaderboard-row"]', 'Show more'),
    },
    {
      kind: 'club-courses',
      viewer: 'member',
      path: `/communities/${mainClub}/courses`,
      shows: every(world, ['course']),
      prepare: (page) => showAll(page, '.course-card', 'Show more courses'),
    },
    {
      kind: 'course-take',
      viewer: 'member',
      path: `/communities/${mainClub}/courses/${world.sectionCourse}/take`,
      shows: every(world, ['section']),
    },
    ...each(world, 'member-profile', 'member', (i) => `/members/${people[i]}`, ['person', 'post']),
    // The moderators' queue shows each report's own words, where the owner reads them.
    {
      kind: 'reports',
      viewer: 'owner',
      path: `/communities/${mainClub}/reports`,
      shows: every(world, ['report']),
      prepare: (page) => showAll(page, '[data-testid="report-item"]', 'Show more'),
    },
    // The viewer's inbox: each payload's conversation, its sender's name and the message's preview.
    {
      kind: 'chat-inbox',
      viewer: 'member',
      path: '/messages',
      shows: every(world, ['chat', 'person']),
      prepare: (page) => showAll(page, '.chat-inbox__item', 'Show more conversations'),
    },
    // Each club's join dialog, opened by a signed-in person who is not a member: its question.
    ...world.corpus.map(
      (payload, i): Visit => ({
        kind: 'join-dialog',
        viewer: 'member',
        path: `/c/${clubs[i]}`,
        shows: [{ carrier: 'club', payload }],
        prepare: (page) =>
          page
            .getByRole('complementary', { name: 'Membership' })
            .getByRole('button', { name: 'Join Now' })
            .click(),
      }),
    ),
    // The owner's Members page: every member's answers to the main club's question.
    {
      kind: 'club-members',
      viewer: 'owner',
      path: `/communities/${mainClub}/members`,
      shows: every(world, ['person']),
    },
    // The super admin's portal: every reported conversation with its reason and reported messages.
    {
      kind: 'chat-reports',
      viewer: 'admin',
      path: '/super-admin',
      shows: every(world, ['chat']),
      prepare: (page) => showAll(page, 'article[aria-labelledby^="chat-report-"]', 'Show more reports'),
    },
    // The page an invitation link opens shows the club's name and description.
    ...each(world, 'invitation', 'member', (i) => `/invite/${clubs[i]}/${world.inviteTokens[i]}`, ['club']),
  ];
}
