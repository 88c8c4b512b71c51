/**
 * Where stored text is shown to other people: one row per field (how the fixture writes it
 * through the API, and which pages show it), and one entry per page (who opens it and what it
 * shows). A later feature adds its rows here (event title and description, course and section
 * text and HTML, the invitation message), a writer for its carrier in world.ts and, if it brings
 * a new page, that page below.
 */
import type { Page } from '@playwright/test';
import type { Payload } from './corpus.ts';
import type { World } from './world.ts';

/** The things the fixture creates once per payload; each carries one or more fields. */
export type Carrier = 'club' | 'person' | 'post' | 'comment';

export type PageKind =
  | 'directory'
  | 'club-public'
  | 'dashboard'
  | 'club-home'
  | 'club-feed'
  | 'member-profile';

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
    shownOn: ['directory', 'club-public', 'dashboard', 'club-home'],
  },
  {
    code: 'cd',
    field: 'club description',
    carrier: 'club',
    writtenBy: 'POST /api/clubs { description }',
    shownOn: ['directory', 'club-public', 'dashboard', 'club-home'],
  },
  {
    code: 'pn',
    field: 'profile name',
    carrier: 'person',
    writtenBy: 'PATCH /api/me { fullName }',
    shownOn: ['club-feed', 'member-profile'],
  },
  {
    code: 'pb',
    field: 'profile bio',
    carrier: 'person',
    writtenBy: 'PATCH /api/me { bio }',
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
];

export const VIEWERS = ['anonymous', 'owner', 'member'] as const;
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

/** Every page that shows a field of the table, as the people who can see it. */
export function visits(world: World): Visit[] {
  const { clubs, people, mainClub, corpus } = world;
  return [
    { kind: 'directory', viewer: 'anonymous', path: '/clubs', shows: every(world, ['club']) },
    ...corpus.map((payload, i) => ({
      kind: 'club-public' as const,
      viewer: 'anonymous' as const,
      path: `/c/${clubs[i]}`,
      shows: [{ carrier: 'club' as const, payload }],
    })),
    {
      kind: 'dashboard',
      viewer: 'owner',
      path: '/dashboard',
      shows: every(world, ['club']),
      prepare: (page) => page.getByRole('tab', { name: /Clubs Owned/ }).click(),
    },
    ...corpus.map((payload, i) => ({
      kind: 'club-home' as const,
      viewer: 'owner' as const,
      path: `/communities/${clubs[i]}`,
      shows: [{ carrier: 'club' as const, payload }],
    })),
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
    ...corpus.map((payload, i) => ({
      kind: 'member-profile' as const,
      viewer: 'member' as const,
      path: `/members/${people[i]}`,
      shows: [
        { carrier: 'person' as const, payload },
        { carrier: 'post' as const, payload },
      ],
    })),
  ];
}
