/**
 * The payment screens in the browser: the create-club dialog, the /club-setup callback (every
 * outcome, with the spec's timings on a fake clock), membership-success, billing and the club
 * settings' tabs. The API is a fetch double; Stripe-hosted pages are a seam (browser.assign).
 */
import type { Club, RouteOutput } from '@clubs/shared';
import { CreateClubDialog } from '@clubs/web/src/components/create-club/CreateClubDialog.tsx';
import { browser } from '@clubs/web/src/components/navigation.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { club, me, mockApi, ok } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const realSetTimeout = globalThis.setTimeout;
// The pages and the API client are loaded lazily; loading them first keeps the fake clock tests about timing.
await Promise.all([
  import('@clubs/web/src/features/club-settings/pages/ClubSetupPage.tsx'),
  import('@clubs/web/src/api/index.ts'),
]);

const signedIn = () => fakeAuthService(snapshotFor()).service;
const error = (status: number, message: string, code = 'conflict') => ({
  status,
  body: { error: { code, message } },
});

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  return <CreateClubDialog open onClose={onClose} />;
}

const dialogRoutes = [{ path: '/', element: <Harness /> }];

describe('the create-club dialog', () => {
  it('creates the club once, then opens Checkout for the chosen plan', async () => {
    const user = userEvent.setup();
    let resolveCreate: (value: { status: number; body: Club }) => void = () => undefined;
    const api = mockApi({
      createClub: () =>
        new Promise((resolve) => {
          resolveCreate = resolve;
        }),
      createClubCheckout: () => ok({ url: 'https://checkout.stripe.test/cs_1' }),
    });
    renderApp('/', { service: signedIn(), routes: dialogRoutes });
    const details = await screen.findByRole('dialog', { name: 'Create a new club' });
    expect(
      within(details).getByText('Fill in the details below to create your new community.'),
    ).toBeVisible();
    expect(within(details).getByText('Creating a community costs $88/month')).toBeVisible();
    const next = within(details).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.type(within(details).getByLabelText(/Community Name/), '   ');
    await user.type(within(details).getByLabelText(/Description/), 'Rowing at dawn.');
    expect(next).toBeDisabled();
    await user.type(within(details).getByLabelText(/Community Name/), 'Sunrise Rowers');
    expect(next).toBeEnabled();

    await user.click(next);
    await user.click(within(details).getByRole('button', { name: /Continue|Creating/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/clubs')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/clubs')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ name: 'Sunrise Rowers', description: 'Rowing at dawn.' });
    expect(body.requestId).toMatch(/^[A-Za-z0-9_-]+$/);
    resolveCreate(ok(club({ id: 'new-club', status: 'unpaid', name: 'Sunrise Rowers' })));

    const payment = await screen.findByRole('dialog', { name: 'Set up payment' });
    expect(
      within(payment).getByText(
        "Your 7-day free trial starts today. You won't be charged until the trial ends.",
      ),
    ).toBeVisible();
    expect(within(payment).getByText('Community Creator Plan')).toBeVisible();
    expect(within(payment).getByRole('tooltip')).toHaveTextContent('2.9%');
    expect(await screen.findByText('Club created! Now setting up payment...')).toBeVisible();

    // Back keeps the details; Continue again sends the same request id (the same club).
    await user.click(within(payment).getByRole('button', { name: 'Back' }));
    const again = await screen.findByRole('dialog', { name: 'Create a new club' });
    expect(within(again).getByLabelText(/Community Name/)).toHaveValue('   Sunrise Rowers');
    await user.click(within(again).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/clubs')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/clubs')[1]?.body).toMatchObject({ requestId: body.requestId });
    resolveCreate(ok(club({ id: 'new-club', status: 'unpaid', name: 'Sunrise Rowers' })));

    const step = await screen.findByRole('dialog', { name: 'Set up payment' });
    await user.click(within(step).getByRole('radio', { name: /Annual/ }));
    await user.click(within(step).getByRole('button', { name: 'Start Free Trial' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(api.callsTo('POST', '/api/clubs/new-club/plan-checkout')[0]?.body).toEqual({ plan: 'annual' });
  });

  it('shows the server message when Checkout cannot open, and stays on the payment step', async () => {
    const user = userEvent.setup();
    mockApi({
      createClub: () => ok(club({ id: 'c2', status: 'unpaid' })),
      createClubCheckout: () => error(503, 'Failed to create checkout session', 'unavailable'),
    });
    renderApp('/', { service: signedIn(), routes: dialogRoutes });
    const details = await screen.findByRole('dialog', { name: 'Create a new club' });
    await user.type(within(details).getByLabelText(/Community Name/), 'Kites');
    await user.type(within(details).getByLabelText(/Description/), 'High flyers.');
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    const payment = await screen.findByRole('dialog', { name: 'Set up payment' });
    await user.click(within(payment).getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByText('Failed to create checkout session')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Set up payment' })).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
  });

  it("says 'Failed to create club' when creation fails, and needs a signed-in user", async () => {
    const user = userEvent.setup();
    const api = mockApi({ createClub: () => error(500, 'boom', 'internal') });
    const { unmount } = renderApp('/', { service: signedIn(), routes: dialogRoutes });
    let details = await screen.findByRole('dialog', { name: 'Create a new club' });
    await user.type(within(details).getByLabelText(/Community Name/), 'Kites');
    await user.type(within(details).getByLabelText(/Description/), 'High flyers.');
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to create club')).toBeVisible();
    unmount();

    renderApp('/', { routes: dialogRoutes });
    details = await screen.findByRole('dialog', { name: 'Create a new club' });
    await user.type(within(details).getByLabelText(/Community Name/), 'Kites');
    await user.type(within(details).getByLabelText(/Description/), 'High flyers.');
    await user.click(within(details).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You must be logged in to create a community')).toBeVisible();
    expect(api.callsTo('POST', '/api/clubs')).toHaveLength(1);
  });

  it('Cancel closes and resets the form', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderApp('/', { service: signedIn(), routes: [{ path: '/', element: <Harness onClose={onClose} /> }] });
    const details = await screen.findByRole('dialog', { name: 'Create a new club' });
    await user.type(within(details).getByLabelText(/Community Name/), 'Temp');
    await user.click(within(details).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByLabelText(/Community Name/)).toHaveValue('');
  });
});

describe('the /club-setup callback', () => {
  const start = async (path: string, service = signedIn()) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Before the render: the page's waits start after this moment, never before it.
    const mountedAt = Date.now();
    const rendered = renderApp(path, { service });
    expect(await screen.findByRole('heading', { name: 'Setting up your club...' })).toBeVisible();
    return { ...rendered, mountedAt };
  };
  /**
   * Moves the fake clock on in small steps until `done`, letting a little real time pass at each
   * step too: the page's own async work (the session check, module loading) runs on real time.
   */
  const runUntil = async (done: () => boolean, budgetMs = 40_000) => {
    for (let spent = 0; spent <= budgetMs && !done(); spent += 250) {
      await act(() => vi.advanceTimersByTimeAsync(250));
      await new Promise((resolve) => realSetTimeout(resolve, 10));
    }
    expect(done()).toBe(true);
  };

  it('waits 2 s, polls 2 s apart until the club is active, then shows it with the success toast', async () => {
    const times: number[] = [];
    mockApi({
      getOwnedClub: () => {
        times.push(Date.now());
        return ok(club({ id: 'c9', name: 'Sunrise Rowers', status: times.length < 3 ? 'unpaid' : 'active' }));
      },
      // Once active the club is public: its page reads it from there, not from the owner's route.
      getClub: () => ok(club({ id: 'c9', name: 'Sunrise Rowers', status: 'active' })),
      getMe: () => ok(me),
    });
    const { router, mountedAt } = await start('/club-setup?success=true&club_id=c9');
    await runUntil(() => currentUrl(router) === '/communities/c9');
    expect(times).toHaveLength(3);
    expect((times[0] as number) - mountedAt).toBeGreaterThanOrEqual(2000);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(2000);
    expect((times[2] as number) - (times[1] as number)).toBeGreaterThanOrEqual(2000);
    expect(await screen.findByText('Your club "Sunrise Rowers" has been activated!')).toBeVisible();
  });

  it('gives up after 10 polls with the "taking longer" message', async () => {
    const api = mockApi({ getOwnedClub: () => ok(club({ id: 'c9', status: 'unpaid' })) });
    const { router, mountedAt } = await start('/club-setup?success=true&club_id=c9');
    await runUntil(() => currentUrl(router) === '/dashboard');
    expect(api.callsTo('GET', '/api/owned-clubs/c9')).toHaveLength(10);
    expect(Date.now() - mountedAt).toBeGreaterThanOrEqual(2000 + 9 * 2000);
    expect(
      await screen.findByText(
        'Payment processing is taking longer than expected. Please check your dashboard or contact support.',
      ),
    ).toBeVisible();
  });

  const activating = 'There was an issue activating your club. Please check your dashboard.';
  it.each([
    ['another status', () => ok(club({ id: 'c9', status: 'inactive' })), 1, activating],
    ['no such club', () => error(404, 'Club not found', 'not_found'), 1, activating],
    [
      'a last poll that fails',
      () => error(500, 'down', 'internal'),
      10,
      'There was an issue finding your club. Please check your dashboard.',
    ],
  ])('%s: says so and goes to /dashboard', async (_, answer, polls, message) => {
    const api = mockApi({ getOwnedClub: answer });
    const { router } = await start('/club-setup?success=true&club_id=c9');
    await runUntil(() => currentUrl(router) === '/dashboard');
    expect(api.callsTo('GET', '/api/owned-clubs/c9')).toHaveLength(polls);
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('success without club_id: the subscription toast, 3 s, then the newest active club', async () => {
    const times: number[] = [];
    mockApi({
      latestActiveOwnedClub: () => {
        times.push(Date.now());
        return ok({ club: club({ id: 'newest' }) });
      },
    });
    const { router, mountedAt } = await start('/club-setup?success=true');
    expect(await screen.findByText('Your club subscription has been activated!')).toBeVisible();
    await runUntil(() => currentUrl(router) === '/communities/newest');
    expect((times[0] as number) - mountedAt).toBeGreaterThanOrEqual(3000);
  });

  it('success without club_id and no active club: an error and /dashboard', async () => {
    mockApi({ latestActiveOwnedClub: () => ok({ club: null }) });
    const { router } = await start('/club-setup?success=true');
    await runUntil(() => currentUrl(router) === '/dashboard');
    expect(
      await screen.findByText(
        'Your subscription is active but there was an issue activating your club. Please contact support.',
      ),
    ).toBeVisible();
  });

  it("canceled: 'Club creation was canceled. Please try again.' and /dashboard; neither: /dashboard", async () => {
    mockApi({});
    const { router, unmount } = renderApp('/club-setup?canceled=true', { service: signedIn() });
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(await screen.findByText('Club creation was canceled. Please try again.')).toBeVisible();
    unmount();
    const second = renderApp('/club-setup', { service: signedIn() });
    await waitFor(() => expect(currentUrl(second.router)).toBe('/dashboard'));
  });

  it('not signed in within 3 s: asked to log in, and brought back afterwards', async () => {
    mockApi({});
    const { router, mountedAt } = await start(
      '/club-setup?success=true&club_id=c9',
      fakeAuthService(null).service,
    );
    await runUntil(() => currentUrl(router).startsWith('/login'));
    expect(Date.now() - mountedAt).toBeGreaterThanOrEqual(3000);
    expect(currentUrl(router)).toBe(
      `/login?redirect=${encodeURIComponent('/club-setup?success=true&club_id=c9')}`,
    );
    expect(await screen.findByText('Please log in to complete your club setup')).toBeVisible();
  });
});

describe('membership-success', () => {
  it('shows what the server knows: confirming while pending, then Membership Activated!', async () => {
    let answers = 0;
    mockApi({
      getMembershipCheckout: () => {
        answers += 1;
        return ok({ clubId: 'c1', clubName: 'Strength Lab', status: answers < 2 ? 'pending' : 'active' });
      },
      getMe: () => ok(me),
    });
    renderApp('/communities/c1/membership-success?session_id=cs_test_1', { service: signedIn() });
    expect(await screen.findByText('Confirming your membership...')).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Membership Activated!' }, { timeout: 6000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Enter Club' })).toHaveAttribute('href', '/communities/c1');
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('billing', () => {
  it("shows others the spec's permission message", async () => {
    mockApi({
      getClubBilling: () =>
        error(403, "You don't have permission to view billing information for this club", 'forbidden'),
      getMe: () => ok(me),
      // A member of the club (the layout lets them in), not its owner.
      getClub: () => ok(club({ id: 'c1' })),
      getClubMembership: () => ok({ status: 'active', role: 'club_member', trialAvailable: false }),
    });
    renderApp('/communities/c1/billing', { service: signedIn() });
    expect(
      await screen.findByText(
        "You don't have permission to view billing information for this club",
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });

  it('shows the plan, the card and the invoices, and opens the Billing Portal', async () => {
    const user = userEvent.setup();
    mockApi({
      getClubBilling: () =>
        ok({
          clubId: 'c1',
          clubName: 'Sunrise Rowers',
          clubStatus: 'active',
          plan: {
            subscriptionId: 'sub_1',
            name: 'Community Creator Plan',
            status: 'trialing',
            interval: 'month',
            amount: 88,
            currency: 'USD',
            currentPeriodEnd: '2026-12-01T00:00:00.000Z',
            trialEnd: '2026-12-01T00:00:00.000Z',
            cancelAtPeriodEnd: false,
          },
          paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2029 },
          invoices: [
            {
              id: 'in_1',
              number: 'SIM-0001',
              date: '2026-11-24T00:00:00.000Z',
              amount: 0,
              currency: 'USD',
              status: 'paid',
              description: 'Trial period for Community Creator Plan',
              hostedInvoiceUrl: null,
            },
          ],
          portalAvailable: true,
        }),
      createBillingPortal: () => ok({ url: 'https://billing.stripe.test/p_1' }),
      getMe: () => ok(me),
    });
    renderApp('/club-billing/c1', { service: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Subscription' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Payment History' })).toBeVisible();
    expect(screen.getByText('$88.00')).toBeVisible();
    expect(screen.getByText('Free trial')).toBeVisible();
    expect(screen.getByText(/•••• 4242/)).toBeVisible();
    expect(screen.getByText('Trial period for Community Creator Plan')).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to Settings/ })).toHaveAttribute(
      'href',
      '/club-settings/c1',
    );
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p_1'));
  });
});

describe('club settings', () => {
  const settingsApi = (connect: RouteOutput<'getConnectStatus'>) =>
    mockApi({
      getOwnedClub: () => ok(club({ id: 'c1', name: 'Sunrise Rowers', price: 0 })),
      getConnectStatus: () => ok(connect),
      createConnectOnboarding: () => ok({ url: 'https://connect.stripe.test/onboard' }),
      updateMembershipPricing: (call) =>
        ok(club({ id: 'c1', price: (call.body as { monthlyPrice: number }).monthlyPrice })),
      deleteClub: () => ok({ deleted: true }),
      getMe: () => ok(me),
      listMyMemberships: () => ok({ items: [], nextCursor: null }),
    });

  it('Payments: the account status and the onboarding link', async () => {
    const user = userEvent.setup();
    settingsApi({ accountId: null, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
    renderApp('/club-settings/c1?tab=payments', { service: signedIn() });
    const status = await screen.findByLabelText('Stripe account status');
    expect(within(status).getAllByText('Not yet')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Set up payouts with Stripe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/onboard'));
  });

  it('Payments: an onboarded account offers the Stripe dashboard', async () => {
    settingsApi({ accountId: 'acct_1', detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    renderApp('/club-settings/c1?tab=payments&onboarding=return', { service: signedIn() });
    expect(await screen.findByRole('button', { name: 'Open Stripe dashboard' })).toBeVisible();
    expect(screen.getByText('Welcome back from Stripe. Your account status is shown below.')).toBeVisible();
    expect(within(screen.getByLabelText('Stripe account status')).queryByText('Not yet')).toBeNull();
  });

  it('Membership Pricing saves a paid price; General links and deletes the club', async () => {
    const user = userEvent.setup();
    const api = settingsApi({
      accountId: null,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    const { router } = renderApp('/club-settings/c1?tab=pricing', { service: signedIn() });
    await user.click(await screen.findByRole('radio', { name: 'Paid' }));
    const price = screen.getByLabelText(/Monthly price/);
    expect(price).toHaveValue(9.99);
    expect(
      screen.getByText('Members can pay for this club once payouts are set up in the Payments tab.'),
    ).toBeVisible();
    await user.clear(price);
    await user.type(price, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Membership settings saved successfully')).toBeVisible();
    expect(api.callsTo('PUT', '/api/clubs/c1/pricing')[0]?.body).toEqual({
      model: 'paid',
      monthlyPrice: 12.5,
      freeTrial: true,
      currency: 'USD',
    });

    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByRole('link', { name: 'Edit Club' })).toHaveAttribute('href', '/communities/c1/edit');
    expect(screen.getByRole('link', { name: 'Invite Members' })).toHaveAttribute(
      'href',
      '/communities/c1/invite',
    );
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/communities/c1/billing');
    await user.click(screen.getByRole('button', { name: 'Delete Club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Club' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Club' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(await screen.findByText('Club deleted successfully')).toBeVisible();
    expect(api.callsTo('DELETE', '/api/owned-clubs/c1')).toHaveLength(1);
  });

  it('a failure that is no refusal is said as one, with Retry (never the raw text)', async () => {
    const user = userEvent.setup();
    let failing = true;
    mockApi({
      getOwnedClub: () =>
        failing
          ? error(500, 'TypeError: x is undefined', 'internal')
          : ok(club({ id: 'c1', name: 'Sunrise Rowers' })),
      getConnectStatus: () => error(500, 'boom', 'internal'),
      getMe: () => ok(me),
    });
    renderApp('/club-settings/c1?tab=payments', { service: signedIn() });
    expect(await screen.findByRole('heading', { name: "Couldn't load club settings" })).toBeVisible();
    expect(screen.queryByText(/TypeError/)).toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: "Couldn't load the payment settings" })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Club Settings: Sunrise Rowers' })).toBeVisible();
  });

  it("others: 'Access Denied' with the spec's message", async () => {
    mockApi({
      getOwnedClub: () => error(404, 'Club not found', 'not_found'),
      getMe: () => ok(me),
    });
    renderApp('/club-settings/c1', { service: signedIn() });
    expect(
      await screen.findByText("Access Denied: You don't have permission to access settings for this club"),
    ).toBeVisible();
  });
});
