import { browser } from '@clubs/web/src/components/navigation.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { club, mockApi, ok } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor()).service;
const free = club({ id: 'free-1', name: 'Morning Yoga', price: 0 });
const paid = club({ id: 'paid-1', name: 'Founders Circle', price: 29, currency: 'USD', trialPeriod: 14 });
const notFound = { status: 404, body: { error: { code: 'not_found', message: 'Club not found' } } };

function clubApi(target: typeof free, status: 'not_member' | 'pending' | 'active', extra = {}) {
  return mockApi({
    getClub: (call) => (call.path.endsWith(target.id) ? ok(target) : notFound),
    getClubMembership: () =>
      ok({ status, role: status === 'not_member' ? null : 'club_member', trialAvailable: false }),
    ...extra,
  });
}

/**
 * The club's action: its button, or the link to log in where there is none. (While the session is
 * checked both are drawn, and the stylesheet, which jsdom does not apply, shows one of them.)
 */
const actionButton = () => {
  const card = within(screen.getByRole('complementary', { name: 'Membership' }));
  return card.queryByRole('button') ?? card.getByRole('link', { name: 'Log in to Join' });
};

/** The API's refusal of a join (the page logs it). */
function refusal(status: number, code: string, message: string) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return () => ({ status, body: { error: { code, message } } });
}

/** A click on the action button that fails: the page says `message`, the button reads `label` again. */
async function joinFails(path: string, label: string, message: string) {
  const user = userEvent.setup();
  renderApp(path, { service: signedIn() });
  await waitFor(() => expect(actionButton()).toHaveTextContent(label));
  await user.click(actionButton());
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(actionButton()).toHaveTextContent(label);
}

describe('the public club page /c/{clubId}', () => {
  it("shows 'Club not found' with a link to browse all clubs", async () => {
    mockApi({ getClub: () => notFound });
    renderApp('/c/missing');
    expect(await screen.findByRole('heading', { name: 'Club not found' })).toBeInTheDocument();
    expect(
      screen.getByText("The club you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Clubs' })).toHaveAttribute('href', '/clubs');
  });

  it("a server failure is not 'Club not found': it says loading failed, and Retry loads the club", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    mockApi({
      getClub: () =>
        failing
          ? { status: 500, body: { error: { code: 'internal', message: 'Internal error' } } }
          : ok(free),
      getClubMembership: () => ok({ status: 'not_member', role: null, trialAvailable: false }),
    });
    renderApp('/c/free-1');
    const failed = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(failed).getByRole('heading', { level: 1, name: "Couldn't load this club" })).toBeVisible();
    expect(within(failed).queryByText('Internal error')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Club not found' })).not.toBeInTheDocument();
    failing = false;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Yoga' })).toBeVisible();
  });

  it('shows the hero: badge, generated avatar, description cut at 150 characters, All Clubs', async () => {
    const long = club({ id: 'long-1', name: 'Long Story', description: 'x'.repeat(200), price: 5 });
    clubApi(long, 'not_member');
    renderApp('/c/long-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Long Story' })).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: 'Club' });
    expect(within(hero).getByText('PREMIUM CLUB')).toBeInTheDocument();
    expect(within(hero).getByText(`${'x'.repeat(150)}...`)).toBeInTheDocument();
    expect(within(hero).getByRole('img', { name: 'Long Story avatar' })).toHaveTextContent('LS');
    expect(within(hero).getByRole('link', { name: /All Clubs/ })).toHaveAttribute('href', '/clubs');
  });

  it('a paid club: price per lower-case currency, trial and the Member Benefits blurb', async () => {
    clubApi(paid, 'not_member');
    renderApp('/c/paid-1');
    const side = await screen.findByRole('complementary', { name: 'Membership' });
    expect(side).toHaveTextContent('$29/month');
    expect(within(side).getByText('14-day free trial')).toBeInTheDocument();
    expect(within(side).getByText('Cancel anytime during your trial period')).toBeInTheDocument();
    for (const blurb of ['Events & Workshops', 'Learning Resources', 'Community Network', 'Member Benefits'])
      expect(screen.getByRole('heading', { name: blurb })).toBeInTheDocument();
    expect(screen.getByText(/\$29\/month, starting with a 14-day free trial/)).toBeInTheDocument();
  });

  it('a paid club to someone who has had its trial: the price without the trial promise', async () => {
    mockApi({
      getClub: () => ok(paid),
      getClubMembership: () => ok({ status: 'not_member', role: null, trialAvailable: false }),
    });
    renderApp('/c/paid-1', { service: signedIn() });
    const side = await screen.findByRole('complementary', { name: 'Membership' });
    await waitFor(() =>
      expect(within(side).getByText('Billed monthly · cancel anytime')).toBeInTheDocument(),
    );
    expect(side).toHaveTextContent('$29/month');
    expect(side).not.toHaveTextContent(/free trial|trial period/);
    expect(screen.getByText('Full membership for $29/month.')).toBeInTheDocument();
    expect(screen.queryByText(/starting with a 14-day free trial/)).not.toBeInTheDocument();
    expect(within(side).getByRole('button', { name: 'Join for $29/month' })).toBeEnabled();
  });

  it('a paid club without a trial never promises one', async () => {
    clubApi(
      club({ id: 'paid-1', name: 'No Trial', price: 29, currency: 'USD', trialPeriod: 0 }),
      'not_member',
    );
    renderApp('/c/paid-1');
    const side = await screen.findByRole('complementary', { name: 'Membership' });
    expect(within(side).getByText('Billed monthly · cancel anytime')).toBeInTheDocument();
    expect(side).not.toHaveTextContent(/free trial/);
  });

  it("a free club: 'Free', 'Join this community at no cost', FREE CLUB; 'month' when the currency is missing", async () => {
    clubApi(free, 'not_member');
    const { unmount } = renderApp('/c/free-1');
    const side = await screen.findByRole('complementary', { name: 'Membership' });
    expect(within(side).getByText('Free')).toBeInTheDocument();
    expect(within(side).getByText('Join this community at no cost')).toBeInTheDocument();
    expect(screen.getByText('FREE CLUB')).toBeInTheDocument();
    unmount();
    clubApi(club({ id: 'nocur-1', price: 9.5, currency: '' }), 'not_member');
    renderApp('/c/nocur-1');
    expect(await screen.findByRole('complementary', { name: 'Membership' })).toHaveTextContent('$9.50/month');
  });

  it('Benefits and Testimonials tabs', async () => {
    const user = userEvent.setup();
    clubApi(free, 'not_member');
    renderApp('/c/free-1');
    await user.click(await screen.findByRole('tab', { name: 'Benefits' }));
    expect(screen.getByRole('heading', { name: 'Exclusive content' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Testimonials' }));
    expect(screen.getAllByRole('figure')).toHaveLength(2);
  });
});

describe('the action button, in each state of the table', () => {
  it("not logged in: 'Log in to Join', enabled, to /login?redirect=/c/{id}", async () => {
    const user = userEvent.setup();
    clubApi(free, 'not_member');
    const { router } = renderApp('/c/free-1');
    await waitFor(() => expect(actionButton()).toHaveTextContent('Log in to Join'));
    expect(actionButton()).toBeEnabled();
    await user.click(actionButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fc%2Ffree-1'));
  });

  it("active: 'Enter Club', enabled, to /communities/{id}", async () => {
    const user = userEvent.setup();
    clubApi(free, 'active');
    const { router } = renderApp('/c/free-1', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toHaveTextContent('Enter Club'));
    await user.click(actionButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/communities/free-1'));
  });

  it("pending, free club: 'Request Pending', disabled", async () => {
    clubApi(free, 'pending');
    renderApp('/c/free-1', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toHaveTextContent('Request Pending'));
    expect(actionButton()).toBeDisabled();
  });

  it("pending, paid club: amber 'Complete Payment' retries the checkout and follows its URL", async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = clubApi(paid, 'pending', {
      createMembershipCheckout: () => ok({ url: 'https://checkout.example/s/1' }),
    });
    renderApp('/c/paid-1', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toHaveTextContent('Complete Payment'));
    expect(actionButton()).toHaveClass('club-button--amber');
    await user.click(actionButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/1'));
    expect(api.callsTo('POST', '/api/clubs/paid-1/membership-checkout')).toHaveLength(1);
    // Busy until the browser has left for the checkout.
    expect(actionButton()).toHaveTextContent('Processing...');
    expect(actionButton()).toBeDisabled();
  });

  it("not a member, paid club: 'Join for $29/month' starts the checkout; a failure says so", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    clubApi(paid, 'not_member', { createMembershipCheckout: refusal(502, 'unavailable', 'Stripe is down') });
    await joinFails('/c/paid-1', 'Join for $29/month', 'Failed to process payment. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("not a member, free club: 'Join Now' -> busy 'Processing...' -> pending at once, with the toast", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const api = clubApi(free, 'not_member', {
      requestMembership: () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ status: 'pending', created: true }));
        }),
    });
    renderApp('/c/free-1', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toHaveTextContent('Join Now'));
    expect(actionButton()).toBeEnabled();
    await user.click(actionButton());
    await waitFor(() => expect(actionButton()).toHaveTextContent('Processing...'));
    expect(actionButton()).toBeDisabled();
    release();
    expect(await screen.findByText('Join request submitted successfully!')).toBeInTheDocument();
    expect(actionButton()).toHaveTextContent('Request Pending');
    expect(actionButton()).toBeDisabled();
    expect(api.callsTo('POST', '/api/clubs/free-1/join-requests')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/clubs/free-1/membership')).toHaveLength(1);
  });

  it('a request already made elsewhere (another tab) answers that it is pending approval', async () => {
    const user = userEvent.setup();
    clubApi(free, 'not_member', {
      requestMembership: () => ok({ status: 'pending', created: false }),
    });
    renderApp('/c/free-1', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toHaveTextContent('Join Now'));
    await user.click(actionButton());
    expect(await screen.findByText('Your membership request is pending approval.')).toBeInTheDocument();
    expect(actionButton()).toHaveTextContent('Request Pending');
  });

  it('a club with questions asks them first: a blank required one is named, the answers go with the request', async () => {
    const user = userEvent.setup();
    const asking = club({
      id: 'asking-1',
      name: 'Harbour Swimmers',
      price: 0,
      membershipQuestions: [
        { text: 'What brings you here?', required: true },
        { text: 'Where do you swim?', required: false },
      ],
    });
    const api = clubApi(asking, 'not_member', {
      requestMembership: () => ok({ status: 'pending', created: true }),
    });
    renderApp('/c/asking-1', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toHaveTextContent('Join Now'));
    await user.click(actionButton());
    const dialog = await screen.findByRole('dialog', { name: 'Join Harbour Swimmers' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(within(dialog).getByText('Please answer this question')).toBeVisible();
    expect(api.callsTo('POST', '/api/clubs/asking-1/join-requests')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/What brings you here\?/), '  Cold water  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Join request submitted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actionButton()).toHaveTextContent('Request Pending');
    const [sent] = api.callsTo('POST', '/api/clubs/asking-1/join-requests');
    expect(sent?.body).toEqual({ answers: ['Cold water', ''], consent: false });
  });

  it('a paid club with questions sends the answers with the checkout; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const asking = club({
      id: 'asking-2',
      name: 'Founders Circle',
      price: 29,
      currency: 'USD',
      membershipQuestions: [{ text: 'What are you building?', required: false }],
    });
    const api = clubApi(asking, 'not_member', {
      createMembershipCheckout: () => ok({ url: 'https://checkout.example/s/2' }),
    });
    renderApp('/c/asking-2', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toBeEnabled());
    await user.click(actionButton());
    let dialog = await screen.findByRole('dialog', { name: 'Join Founders Circle' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clubs/asking-2/membership-checkout')).toHaveLength(0);

    await user.click(actionButton());
    dialog = await screen.findByRole('dialog', { name: 'Join Founders Circle' });
    await user.type(within(dialog).getByLabelText('What are you building?'), 'A bakery');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/s/2'));
    const [sent] = api.callsTo('POST', '/api/clubs/asking-2/membership-checkout');
    expect(sent?.body).toEqual({ answers: ['A bakery'], consent: false });
  });

  it('a club with only an e-mail consent line asks it in the dialog: ticked, it goes with the request', async () => {
    const user = userEvent.setup();
    const line = 'I agree to receive the club newsletter by e-mail';
    const asking = club({ id: 'asking-3', name: 'Lake Readers', price: 0, membershipConsent: line });
    const api = clubApi(asking, 'not_member', {
      requestMembership: () => ok({ status: 'pending', created: true }),
    });
    renderApp('/c/asking-3', { service: signedIn() });
    await waitFor(() => expect(actionButton()).toHaveTextContent('Join Now'));
    await user.click(actionButton());
    const dialog = await screen.findByRole('dialog', { name: 'Join Lake Readers' });
    await user.click(within(dialog).getByRole('checkbox', { name: line }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Join request submitted successfully!')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/api/clubs/asking-3/join-requests');
    expect(sent?.body).toEqual({ answers: [], consent: true });
  });

  it('a failed free join says so and leaves the button as it was', async () => {
    clubApi(free, 'not_member', { requestMembership: refusal(409, 'conflict', 'x') });
    await joinFails('/c/free-1', 'Join Now', 'Failed to join club. Please try again.');
  });
});
