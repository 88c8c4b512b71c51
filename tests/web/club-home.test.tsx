/**
 * The club home against a fetch double answering the feed
 * routes: the posts as the API orders them, plain text with safe links, likes and comments that
 * show the server's counts, the menu by the caller's actions, Copy link, the composer's rules and
 * messages, the image grid's '+N', and the sidebar.
 */

import { HIDDEN_POST_REFUSAL, type Post } from '@clubs/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from './api-mock.ts';
import { CLUB, cardOf, homeApi, INVITE_TOKEN, image, LONG, post, signedIn } from './club-home-support.ts';
import { renderApp } from './helpers.tsx';

describe('club home: the feed', () => {
  it('shows the posts in the order the API gives (pinned first), with plain text and safe links', async () => {
    homeApi([
      post('p1', { isPinned: true, title: 'Welcome!' }),
      post('p2', { title: 'Tricks', content: 'See https://example.com/yoga. <b>not bold</b>' }),
    ]);
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const articles = await screen.findAllByRole('article', {}, LONG);
    expect(articles.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Welcome!',
      'Tricks',
    ]);
    expect(within(articles[0] as HTMLElement).getByText('Pinned')).toBeInTheDocument();
    const link = within(articles[1] as HTMLElement).getByRole('link', { name: 'https://example.com/yoga' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(articles[1] as HTMLElement).getByText(/<b>not bold<\/b>/)).toBeInTheDocument();
    expect(within(articles[1] as HTMLElement).getByRole('link', { name: 'Olivia Owner' })).toHaveAttribute(
      'href',
      '/members/author-1',
    );
  });

  it("likes and unlikes, showing the server's count on the card and in the trending posts", async () => {
    const api = homeApi([post('p1')], 'club_member', {
      likePost: () => ok({ postId: 'p1', liked: true, changed: true, likeCount: 3 }),
      unlikePost: () => ok({ postId: 'p1', liked: false, changed: true, likeCount: 2 }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const card = await cardOf('Post p1');
    expect(within(card).getByText('2 likes')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Like' }));
    expect(await within(card).findByText('3 likes')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
    // The sidebar's trending posts say the same count as the card.
    const aside = screen.getByRole('complementary', { name: 'Club sidebar' });
    expect(within(aside).getByText('Olivia Owner · 3 likes')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Liked' }));
    expect(await within(card).findByText('2 likes')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/clubs/${CLUB}/posts/p1/like`)).toHaveLength(1);
    expect(api.callsTo('DELETE', `/api/clubs/${CLUB}/posts/p1/like`)).toHaveLength(1);
  });

  it('offers no like or comment on a hidden post its author sees, and says why', async () => {
    homeApi([post('p1', { hidden: 'reports', commentCount: 0 })], 'club_member', {
      listComments: () => ok({ items: [], nextCursor: null }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const card = await cardOf('Post p1');
    expect(within(card).getByText(HIDDEN_POST_REFUSAL)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like' })).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: '0 comments' }));
    expect(await within(card).findByRole('region', { name: 'Comments' })).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('Loading comments...')).toBeNull());
    expect(within(card).queryByRole('textbox', { name: 'Write a comment' })).toBeNull();
  });

  it("says 'Could not like post' when the like fails", async () => {
    homeApi([post('p1')], 'club_member', {
      likePost: () => ({
        status: 500,
        body: { error: { code: 'x', message: 'x' } },
      }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    await userEvent.click(within(await cardOf('Post p1')).getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Could not like post')).toBeInTheDocument();
    expect(screen.getByText('There was an error processing your request.')).toBeInTheDocument();
  });

  it('lists comments and adds a non-blank one, counting it', async () => {
    const api = homeApi([post('p1', { commentCount: 1 })], 'club_member', {
      listComments: () =>
        ok({
          items: [
            {
              id: 'c1',
              postId: 'p1',
              author: { id: 'u9', name: 'Sofia Rossi', avatarUrl: null },
              content: 'Hello from Lisbon!',
              createdAt: '2026-11-20T11:00:00.000Z',
              canDelete: false,
            },
          ],
          nextCursor: null,
        }),
      addComment: (call) =>
        ok({
          id: 'c2',
          postId: 'p1',
          author: { id: 'user-1', name: 'Ada', avatarUrl: null },
          content: (call.body as { content: string }).content,
          createdAt: '2026-11-20T12:00:00.000Z',
          canDelete: true,
        }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const card = await cardOf('Post p1');
    await userEvent.click(within(card).getByRole('button', { name: '1 comment' }));
    expect(await within(card).findByText('Hello from Lisbon!')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Comment' }));
    expect(await within(card).findByText('A comment must not be blank')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/clubs/${CLUB}/posts/p1/comments`)).toHaveLength(0);
    await userEvent.type(within(card).getByRole('textbox', { name: 'Write a comment' }), '  Lovely  ');
    await userEvent.click(within(card).getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Comment added')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/clubs/${CLUB}/posts/p1/comments`)[0]?.body).toEqual({
      content: 'Lovely',
    });
    expect(within(card).getByRole('button', { name: '2 comments' })).toBeInTheDocument();
  });

  it('loads the next comments once, however often Show more comments is clicked while they load', async () => {
    const comment = (id: string) => ({
      id,
      postId: 'p1',
      author: { id: 'u9', name: 'Sofia Rossi', avatarUrl: null },
      content: `Comment ${id}`,
      createdAt: '2026-11-20T11:00:00.000Z',
      canDelete: false,
    });
    let answerNext: () => void = () => undefined;
    const api = homeApi([post('p1', { commentCount: 2 })], 'club_member', {
      listComments: (call) =>
        call.query.has('cursor')
          ? new Promise((resolve) => {
              answerNext = () => resolve(ok({ items: [comment('c2')], nextCursor: null }));
            })
          : ok({ items: [comment('c1')], nextCursor: 'after-c1' }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const card = await cardOf('Post p1');
    await userEvent.click(within(card).getByRole('button', { name: '2 comments' }));
    await userEvent.click(await within(card).findByRole('button', { name: 'Show more comments' }));
    const loading = await within(card).findByRole('button', { name: /Loading more comments/ });
    expect(loading).toBeDisabled();
    await userEvent.click(loading).catch(() => undefined);
    answerNext();
    expect(await within(card).findByText('Comment c2')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Show more comments' })).toBeNull();
    const later = api
      .callsTo('GET', `/api/clubs/${CLUB}/posts/p1/comments`)
      .filter((c) => c.query.has('cursor'));
    expect(later).toHaveLength(1);
  });

  it("shows in the menu only what the caller may do, and Copy link copies the post's link", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    homeApi([
      post('p1', { actions: { canEdit: true, canDelete: true, canPin: true } }),
      post('p2', { actions: { canEdit: false, canDelete: false, canPin: false } }),
    ]);
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const own = await cardOf('Post p1');
    await userEvent.click(within(own).getByRole('button', { name: 'Post options' }));
    const menu = within(own).getByRole('dialog', { name: 'Post options' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy link', 'Edit', 'Delete', 'Pin']);
    await userEvent.click(within(menu).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/communities/${CLUB}?post=p1`);
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();

    const other = await cardOf('Post p2');
    await userEvent.click(within(other).getByRole('button', { name: 'Post options' }));
    // Another member's post: copy its link or report it, nothing that changes it.
    expect(
      within(within(other).getByRole('dialog', { name: 'Post options' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy link', 'Report']);
  });

  it('pins a post and reads the feed again before saying so', async () => {
    let pinned = false;
    const api = homeApi([], 'club_owner', {
      listPosts: () =>
        ok({
          items: pinned
            ? [
                post('p2', { isPinned: true, actions: { canEdit: true, canDelete: true, canPin: true } }),
                post('p1'),
              ]
            : [post('p1'), post('p2', { actions: { canEdit: true, canDelete: true, canPin: true } })],
          nextCursor: null,
        }),
      pinPost: () => {
        pinned = true;
        return ok({ postId: 'p2', isPinned: true, unpinnedPostId: 'p1' });
      },
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const card = await cardOf('Post p2');
    await userEvent.click(within(card).getByRole('button', { name: 'Post options' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Post pinned')).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Post p2', 'Post p1']);
    expect(api.callsTo('GET', `/api/clubs/${CLUB}/posts`).length).toBeGreaterThanOrEqual(2);
  });

  it("opens a copied link's post first (?post=)", async () => {
    homeApi([post('p1')], 'club_member', {
      getPost: () => ok(post('p9', { title: 'From page five' })),
    });
    renderApp(`/communities/${CLUB}?post=p9`, { service: signedIn() });
    const linked = await screen.findByRole('region', { name: 'Linked post' }, LONG);
    expect(
      await within(linked).findByRole('heading', { level: 3, name: 'From page five' }),
    ).toBeInTheDocument();
  });

  it("shows at most 4 images, the fourth with '+N' for those beyond 3", async () => {
    homeApi([post('p1', { type: 'image', media: [1, 2, 3, 4, 5, 6].map(image) })]);
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const card = await cardOf('Post p1');
    const tiles = within(card).getAllByRole('button', { name: /^Open image/ });
    expect(tiles).toHaveLength(4);
    expect(tiles[3]).toHaveTextContent('+3');
    await userEvent.click(tiles[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Post p1 (1 of 6)' })).toBeInTheDocument();
  });

  it("says 'Error loading posts' with Retry when the feed fails", async () => {
    homeApi([], 'club_member', {
      listPosts: () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: 'No' } },
      }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    expect(await screen.findByText('Error loading posts', {}, LONG)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('club home: the composer', () => {
  const open = async () => {
    await userEvent.click(
      await screen.findByRole('button', { name: 'Share something with the club...' }, LONG),
    );
    return screen.getByRole('form', { name: 'New post' });
  };

  it('needs a title and content for a text post, then posts, resets, collapses and says Post created', async () => {
    const api = homeApi([], 'club_member', {
      createPost: (call) => ({ status: 201, body: post('new', call.body as Partial<Post>) }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const form = await open();
    await userEvent.type(within(form).getByLabelText('Title'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByText('A text post needs a title and content')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Title'), 'Hello');
    await userEvent.type(within(form).getByLabelText('Content'), 'First post');
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post created')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/clubs/${CLUB}/posts`)[0]?.body).toEqual({
      title: 'Hello',
      content: 'First post',
      type: 'text',
      media: [],
      // Left unticked (or not offered): an ordinary post.
      announce: false,
    });
    expect(screen.queryByRole('form', { name: 'New post' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share something with the club...' })).toBeInTheDocument();
  });

  it("refuses files by the spec's rules before anything is signed", async () => {
    const api = homeApi([]);
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const form = await open();
    await userEvent.click(within(form).getByRole('radio', { name: 'Image' }));
    const input = within(form).getByLabelText('Images');
    const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(form).findByText('Only image or video files are allowed')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    pick(big);
    expect(await within(form).findByText('File size must be under 10MB')).toBeInTheDocument();
    pick(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(await within(form).findByText('Selected file is not a image')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
    expect(
      await within(form).findByText('A media post needs at least one uploaded file'),
    ).toBeInTheDocument();
    // Nothing of the club's was signed or written (the live socket's ticket is not the club's).
    const clubWrites = api.calls.filter(
      (c) => c.method === 'POST' && c.path.startsWith(`/api/clubs/${CLUB}/`),
    );
    expect(clubWrites).toHaveLength(0);
  });

  it("keeps the draft and says 'Failed to upload: {message}' when signing fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    homeApi([], 'club_member', {
      createPostMediaUpload: () => ({
        status: 400,
        body: { error: { code: 'bad_request', message: 'Uploads are closed' } },
      }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const form = await open();
    await userEvent.type(within(form).getByLabelText('Title'), 'Keep me');
    await userEvent.click(within(form).getByRole('radio', { name: 'Image' }));
    fireEvent.change(within(form).getByLabelText('Images'), {
      target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText('Failed to upload: Uploads are closed')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('Keep me');
  });
});

describe('club home: the sidebar', () => {
  it('truncates the about text at 150 characters with Show more / Show less, and lists the highlights', async () => {
    homeApi([]);
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const aside = await screen.findByRole('complementary', { name: 'Club sidebar' }, LONG);
    expect(await within(aside).findByText(`${'A'.repeat(150)}...`)).toBeInTheDocument();
    await userEvent.click(within(aside).getByRole('button', { name: 'Show more' }));
    expect(within(aside).getByText('A'.repeat(200))).toBeInTheDocument();
    expect(within(aside).getByRole('button', { name: 'Show less' })).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'Sunrise flow' })).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'Welcome!' })).toHaveAttribute(
      'href',
      `/communities/${CLUB}?post=p1`,
    );
    expect(within(aside).getByRole('link', { name: 'Max Member' })).toHaveAttribute('href', '/members/m1');
    expect(within(aside).queryByRole('button', { name: 'Copy Invite Link' })).not.toBeInTheDocument();
  });

  it('gives the owner the invite-link and add-content cards', async () => {
    homeApi([], 'club_owner');
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const aside = await screen.findByRole('complementary', { name: 'Club sidebar' }, LONG);
    expect(within(aside).getByRole('button', { name: 'Copy Invite Link' })).toBeInTheDocument();
    expect(within(aside).getByRole('link', { name: 'Create Event' })).toHaveAttribute(
      'href',
      `/communities/${CLUB}/events/create`,
    );
    expect(within(aside).getByRole('link', { name: 'Create Course' })).toHaveAttribute(
      'href',
      `/communities/${CLUB}/courses/create`,
    );
    // The club's real invite link, with its token.
    expect(
      await within(aside).findByText(`${window.location.origin}/invite/${CLUB}/${INVITE_TOKEN}`),
    ).toBeInTheDocument();
  });
});
