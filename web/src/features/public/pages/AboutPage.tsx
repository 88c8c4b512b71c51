import { Button } from '@aws-amplify/ui-react';
/** About: story, mission, leadership, and a call to action to /register. */
import { Link } from 'react-router-dom';
import { StaticPage } from '../components/StaticPage.tsx';

const LEADERS = [
  {
    name: 'Eleanor Whitfield',
    role: 'Co-founder & CEO',
    bio: 'Built and sold two membership businesses before starting Clubs.',
  },
  {
    name: 'Marcus Chen',
    role: 'Co-founder & CTO',
    bio: 'Spent a decade building payments and messaging systems at scale.',
  },
  {
    name: 'Priya Raman',
    role: 'Head of Community',
    bio: 'Has helped more than five hundred creators launch their first club.',
  },
] as const;

export default function AboutPage() {
  return (
    <StaticPage
      title="About Clubs"
      lead="We build the home for communities that deserve more than a group chat."
    >
      <section className="clubs-prose" aria-labelledby="story">
        <h2 id="story">Our story</h2>
        <p>
          Clubs began in a living room, where a handful of friends ran a reading circle across five apps: one
          to chat, one to plan, one to share recordings, one to collect dues and one more to remember who was
          coming. The conversations were wonderful; the tools were not.
        </p>
        <p>
          We set out to give every circle one calm, private place: discussions, courses, events and members
          together, with payments that just work. Today creators run wellness retreats, running crews,
          business mastermind groups, art studios and lifestyle salons on Clubs.
        </p>
      </section>
      <section className="clubs-prose" aria-labelledby="mission">
        <h2 id="mission">Our mission</h2>
        <p>
          To help creators cultivate exclusive circles where members learn from each other, and to let
          creators earn a fair living from the communities they build. Members pay creators directly; Clubs
          keeps a small, transparent fee.
        </p>
      </section>
      <section aria-labelledby="leadership">
        <h2 id="leadership">Leadership</h2>
        <ul className="clubs-people">
          {LEADERS.map((person) => (
            <li key={person.name} className="clubs-person">
              <span className="clubs-person__avatar" aria-hidden="true">
                {person.name
                  .split(' ')
                  .map((part) => part[0])
                  .join('')}
              </span>
              <h3>{person.name}</h3>
              <p className="clubs-person__role">{person.role}</p>
              <p>{person.bio}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="clubs-cta clubs-cta--inline" aria-labelledby="about-cta">
        <h2 id="about-cta">Start your circle today</h2>
        <p>Create an account, explore clubs, and launch your own when you are ready.</p>
        <Button as={Link} to="/register" variation="primary" size="large">
          Join Clubs
        </Button>
      </section>
    </StaticPage>
  );
}
