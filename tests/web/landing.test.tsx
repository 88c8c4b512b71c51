/**
 * The landing page: every section, the featured clubs in their three
 * states, the join labels, the pricing toggle, the footer links, and the top bar's name rule.
 */
import type { RouteOutput } from '@clubs/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { featuredClub, profile, routeFetch } from './fetch-routes.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const THREE = [
  featuredClub(),
  featuredClub({
    id: 'club-2',
    name: 'Trail Runners',
    price: 29,
    trialPeriod: 14,
    memberCount: 1,
    coverImageUrl: '/media/c2.png',
  }),
  featuredClub({ id: 'club-3', name: 'Founders Table', price: 49.5, memberCount: 60 }),
];

describe('landing page sections', () => {
  it('shows the hero, Refined Experiences, the plan, testimonials, the call to action and the footer', async () => {
    routeFetch({ featuredClubs: () => ({ status: 200, body: { items: [] } }) });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cultivate Your Exclusive Circle' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Begin Your Journey' })).toHaveAttribute('href', '/register');
    expect(screen.getAllByRole('link', { name: 'Explore Clubs' })[0]).toHaveAttribute('href', '/clubs');

    const experiences = screen.getByRole('region', { name: 'Refined Experiences' });
    expect(
      within(experiences)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Salon', 'Masterclasses', 'Circle Members', 'Soirees']);
    expect(screen.getByRole('region', { name: 'Create Your Own Club' })).toHaveTextContent('$88/month');
    expect(
      within(screen.getByRole('region', { name: 'Loved by Club Creators' })).getAllByRole('figure'),
    ).toHaveLength(3);
    const launch = screen.getByRole('region', { name: 'Ready to Launch Your Club?' });
    expect(within(launch).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    for (const [label, href] of [
      ['About', '/about'],
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
    ]) {
      expect(within(footer).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
  });

  it('toggles the plan between $88/month and $71/month billed annually ($852 a year, save 20%)', async () => {
    routeFetch({ featuredClubs: () => ({ status: 200, body: { items: [] } }) });
    renderApp('/');
    const plan = await screen.findByRole('region', { name: 'Create Your Own Club' });
    expect(plan).toHaveTextContent('$88/month');
    expect(plan).toHaveTextContent('7-day free trial');
    expect(plan).toHaveTextContent('2.9% transaction fee');
    expect(within(plan).queryByText('Save 20%')).not.toBeInTheDocument();
    await userEvent.click(within(plan).getByRole('button', { name: 'Annual' }));
    expect(plan).toHaveTextContent('$71/month');
    expect(plan).toHaveTextContent('Billed annually: $852 a year');
    expect(within(plan).getByText('Save 20%')).toBeVisible();
    expect(within(plan).getByRole('button', { name: 'Annual' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(plan).getByRole('button', { name: 'Monthly' }));
    expect(plan).toHaveTextContent('$88/month');
  });
});

describe('featured clubs', () => {
  it('shows three skeleton cards while loading, then a card per club', async () => {
    let answer: (value: { status: number; body: RouteOutput<'featuredClubs'> }) => void = () => undefined;
    routeFetch({ featuredClubs: () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Featured Clubs' });
    await waitFor(() => expect(within(region).getAllByTestId('featured-skeleton')).toHaveLength(3));
    answer({ status: 200, body: { items: THREE } });
    expect(
      await within(region).findByRole('heading', { level: 3, name: 'Morning Yoga Circle' }),
    ).toBeVisible();
    expect(within(region).queryAllByTestId('featured-skeleton')).toHaveLength(0);
    expect(within(region).getAllByRole('article')).toHaveLength(3);
  });

  it('gives each card its logo, name, members, description, Premium badge and join label linking to /c/{id}', async () => {
    routeFetch({ featuredClubs: () => ({ status: 200, body: { items: THREE } }) });
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Featured Clubs' });
    await within(region).findByRole('heading', { name: 'Morning Yoga Circle' });
    const [free, paid, fractional] = within(region).getAllByRole('article');
    if (!free || !paid || !fractional) throw new Error('three cards expected');
    expect(within(free).getByRole('link', { name: 'Join for Free' })).toHaveAttribute('href', '/c/club-1');
    expect(within(free).queryByText('Premium')).not.toBeInTheDocument();
    expect(within(free).getByText('12 members')).toBeVisible();
    expect(within(free).getByText('Gentle flows at dawn for every level.')).toBeVisible();
    expect(within(free).getByRole('img', { name: 'Morning Yoga Circle logo' })).toHaveTextContent('MY');

    expect(within(paid).getByRole('link', { name: 'Join ($29/mo, 14 days free)' })).toHaveAttribute(
      'href',
      '/c/club-2',
    );
    expect(within(paid).getByText('Premium')).toBeVisible();
    expect(within(paid).getByText('1 member')).toBeVisible();
    expect(paid.querySelector('img.clubs-cover')).toHaveAttribute('src', '/media/c2.png');

    // Prices keep their cents.
    expect(within(fractional).getByRole('link', { name: 'Join ($49.50/mo, 7 days free)' })).toBeVisible();
  });

  it('says so when there are no clubs', async () => {
    routeFetch({ featuredClubs: () => ({ status: 200, body: { items: [] } }) });
    renderApp('/');
    expect(await screen.findByText('No clubs available at the moment. Check back later!')).toBeVisible();
  });

  it('says a failed load failed (never "no clubs"), and Retry loads them', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    routeFetch({
      featuredClubs: () =>
        failing
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : { status: 200, body: { items: THREE } },
    });
    renderApp('/');
    const failed = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(failed).getByRole('heading', { name: "Couldn't load featured clubs" })).toBeVisible();
    expect(screen.queryByText('No clubs available at the moment. Check back later!')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Error loading clubs', expect.anything());
    failing = false;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Trail Runners')).toBeVisible();
  });
});

describe('top bar name rule', () => {
  it.each([
    [
      { fullName: 'Grace Brewster Hopper', name: 'Grace Brewster Hopper', email: 'g@example.com' },
      'Welcome, Grace',
    ],
    [{ fullName: '  Alan   Turing ', name: 'Alan Turing', email: 'a@example.com' }, 'Welcome, Alan'],
    [{ fullName: '', name: 'ada.l', email: 'ada.l@example.com' }, 'Welcome, ada.l'],
  ])('greets %j as "%s", linking to /dashboard', async (me, greeting) => {
    routeFetch({
      featuredClubs: () => ({ status: 200, body: { items: [] } }),
      getMe: () => ({ status: 200, body: profile(me) }),
    });
    renderApp('/', { service: fakeAuthService(snapshotFor({ name: null, email: me.email })).service });
    expect(await screen.findByRole('link', { name: greeting })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it("uses the token's name while the profile is unavailable", async () => {
    routeFetch({ featuredClubs: () => ({ status: 200, body: { items: [] } }) });
    renderApp('/', { service: fakeAuthService(snapshotFor({ name: 'Katherine Johnson' })).service });
    expect(await screen.findByRole('link', { name: 'Welcome, Katherine' })).toBeVisible();
  });

  it('offers Log In and Sign Up when signed out', async () => {
    routeFetch({ featuredClubs: () => ({ status: 200, body: { items: [] } }) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });
});
