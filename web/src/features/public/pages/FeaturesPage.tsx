import { Button } from '@aws-amplify/ui-react';
/**
 * Features: feature groups, a comparison table, a call to action to
 * /register; it mentions role-based permissions.
 */
import { Link } from 'react-router-dom';
import { StaticPage } from '../components/StaticPage.tsx';

const GROUPS = [
  {
    title: 'Engage your members',
    items: [
      ['Salon', 'A discussion forum with posts, images, video, likes and comments.'],
      ['Soirees', 'Events with dates, descriptions and RSVP management.'],
      ['Leaderboard', 'Recognise your most active members.'],
      [
        'Private messages',
        'Members who share a club chat one to one, live, with images, unread counts, blocking and an e-mail for what is left unread.',
      ],
    ],
  },
  {
    title: 'Teach and grow',
    items: [
      ['Masterclasses', 'Courses built from content sections with rich text, images and video.'],
      ['Course outlines', 'Start from an outline and turn it into sections in one step.'],
      ['Member analytics', 'See who joins, who engages and what they come back for.'],
    ],
  },
  {
    title: 'Run your club',
    items: [
      ['Circle Members', 'A member directory with profiles, approvals for free clubs and invitations.'],
      [
        'Role-based permissions',
        'Owners, moderators and members each get exactly the permissions of their role: moderators run events and courses, owners also manage settings, billing and invitations.',
      ],
      ['Paid memberships', 'Monthly prices with free trials, paid straight to you through Stripe.'],
    ],
  },
] as const;

const COMPARISON: readonly [string, string, string][] = [
  ['Discussion forum with media', 'Included', 'Often a separate app'],
  ['Courses and content sections', 'Included', 'Extra subscription'],
  ['Events with RSVP', 'Included', 'Separate tool'],
  ['Member directory and approvals', 'Included', 'Manual spreadsheets'],
  ['Private messages between members', 'Included', 'A separate chat app'],
  ['Paid memberships and free trials', 'Included (2.9% fee)', 'Extra payment setup'],
  ['Unlimited members', 'Yes', 'Priced per member'],
  ['Mobile-optimised experience', 'Yes', 'Varies'],
];

export default function FeaturesPage() {
  return (
    <StaticPage title="Features" lead="Everything your circle needs, in one private place.">
      {GROUPS.map((group) => (
        <section key={group.title} aria-labelledby={`group-${group.title}`} className="clubs-feature-group">
          <h2 id={`group-${group.title}`}>{group.title}</h2>
          <ul className="clubs-features">
            {group.items.map(([title, text]) => (
              <li key={title} className="clubs-feature">
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="compare">
        <h2 id="compare">How Clubs compares</h2>
        <div className="clubs-table-wrap">
          <table className="clubs-table">
            <caption>Clubs compared with stitching together separate tools</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">Clubs</th>
                <th scope="col">Separate tools</th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map(([feature, clubs, others]) => (
                <tr key={feature}>
                  <th scope="row">{feature}</th>
                  <td>{clubs}</td>
                  <td>{others}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="clubs-cta clubs-cta--inline" aria-labelledby="features-cta">
        <h2 id="features-cta">See it for yourself</h2>
        <p>Create your account and explore the clubs already gathering here.</p>
        <Button as={Link} to="/register" variation="primary" size="large">
          Get Started
        </Button>
      </section>
    </StaticPage>
  );
}
