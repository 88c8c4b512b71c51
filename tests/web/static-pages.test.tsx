/**
 * The static pages and the real contact form: its required fields, the
 * stored message, the 'Message Sent!' screen with 'Send Another Message', and the server's
 * refusals (rate limit) shown to the sender.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from './fetch-routes.ts';
import { renderApp } from './helpers.tsx';

describe('static pages', () => {
  it.each([
    ['/terms', 'Terms of Service', 'Privacy Policy', '/privacy'],
    ['/privacy', 'Privacy Policy', 'Terms of Service', '/terms'],
  ])('%s was last updated April 1, 2025 and links to the other policy', async (path, title, other, href) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByText('Last updated: April 1, 2025')).toBeVisible();
    const links = screen.getAllByRole('link', { name: other });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', href);
  });

  it('About tells the story, mission and leadership and leads to /register', async () => {
    renderApp('/about');
    for (const name of ['Our story', 'Our mission', 'Leadership']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeVisible();
    }
    expect(screen.getByRole('link', { name: 'Join Clubs' })).toHaveAttribute('href', '/register');
  });

  it('Features has feature groups, the comparison table, role-based permissions, private messages and /register', async () => {
    renderApp('/features');
    const table = await screen.findByRole('table', { name: /Clubs compared/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Feature', 'Clubs', 'Separate tools']);
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(5);
    expect(screen.getByRole('heading', { name: 'Role-based permissions' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Private messages' })).toBeVisible();
    expect(within(table).getByRole('rowheader', { name: 'Private messages between members' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it('Pricing shows the Club Creator plan at $88/month with its features, /register and an FAQ', async () => {
    renderApp('/pricing');
    const plan = await screen.findByRole('article', { name: 'Club Creator' });
    expect(plan).toHaveTextContent('$88/month');
    expect(within(plan).getAllByRole('listitem').length).toBeGreaterThanOrEqual(8);
    expect(within(plan).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    await userEvent.click(within(faq).getByText('Is there a free trial?'));
    expect(within(faq).getByText(/7-day free trial/)).toBeVisible();
  });

  it('the help centre answers by topic and searches its articles', async () => {
    renderApp('/support');
    expect(await screen.findByRole('heading', { level: 2, name: 'Getting started' })).toBeVisible();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search help articles' }),
      'forgot my password',
    );
    expect(screen.getByText('I forgot my password. What now?')).toBeVisible();
    expect(screen.queryByText('How do I join a free club?')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search help articles' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'zzzz');
    expect(screen.getByText(/No articles match/)).toBeVisible();
    expect(
      screen.getAllByRole('link', { name: /contact/i }).some((l) => l.getAttribute('href') === '/contact'),
    ).toBe(true);
  });
});

async function fillContact(values: { name?: string; email?: string; subject?: string; message?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(await screen.findByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.subject) await user.type(screen.getByLabelText('Subject'), values.subject);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
  await user.click(await screen.findByRole('button', { name: 'Send Message' }));
  return user;
}

/** The contact route refusing with the API's error answer (the page logs the failure). */
function contactRefuses(status: number, error: { code: string; message: string; details?: unknown }) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  routeFetch({ sendContactMessage: () => ({ status, body: { error } }) });
}

const MESSAGE = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'How do I start?' };

describe('contact page', () => {
  it('shows details, support hours, the help-centre link and the map', async () => {
    renderApp('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    expect(screen.getByText(/Monday to Friday, 9am to 5pm EST/)).toBeVisible();
    const details = screen.getByRole('complementary', { name: 'Get in touch' });
    expect(within(details).getByRole('link', { name: 'Help Centre' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('img', { name: /Map of the area around/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      expect.stringContaining('openstreetmap.org'),
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('region', { name: 'Frequently Asked Questions' })).toBeVisible();
  });

  it.each([{}, { ...MESSAGE, subject: '' }, { ...MESSAGE, message: '' }])(
    'requires all four fields (%j) and sends nothing',
    async (values) => {
      const api = routeFetch({});
      renderApp('/contact');
      await fillContact(values);
      expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
      expect(api.to('POST', '/api/contact')).toHaveLength(0);
    },
  );

  it('sends the message, shows "Message Sent!", and "Send Another Message" brings back an empty form', async () => {
    const api = routeFetch({
      sendContactMessage: () => ({
        status: 201,
        body: { id: '01J', receivedAt: '2025-04-01T10:00:00.000Z' },
      }),
    });
    renderApp('/contact');
    const user = await fillContact(MESSAGE);
    const sent = await screen.findByRole('heading', { name: 'Message Sent!' });
    // Focus moves to the heading once it is shown (after the render that shows it).
    await waitFor(() => expect(sent).toHaveFocus());
    expect(api.to('POST', '/api/contact')[0]?.body).toEqual(MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('');
  });

  it('shows the server reason when the sender is rate-limited, keeping what they typed', async () => {
    contactRefuses(429, {
      code: 'too_many_requests',
      message: 'You have sent several messages recently. Please wait a while before sending another.',
    });
    renderApp('/contact');
    await fillContact(MESSAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent several messages recently.');
    expect(screen.getByLabelText('Subject')).toHaveValue('Hello');
  });

  it('asks for a valid e-mail when the API refuses the address', async () => {
    contactRefuses(400, {
      code: 'validation_failed',
      message: 'The request is not valid',
      details: [{ path: 'body.email', message: 'Invalid email address' }],
    });
    renderApp('/contact');
    await fillContact({ ...MESSAGE, email: 'ada@nowhere' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });
});
