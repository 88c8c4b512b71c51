/**
 * The help centre (/support, linked from the contact page): answers grouped by topic, a search
 * over them, and the way to reach a person.
 */
import { Button, SearchField } from '@aws-amplify/ui-react';
import { CREATOR_PLAN, planPrice, TRANSACTION_FEE_PERCENT } from '@clubs/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { StaticPage } from '../components/StaticPage.tsx';

interface Article {
  question: string;
  answer: string;
}

export const HELP_TOPICS: readonly { title: string; articles: readonly Article[] }[] = [
  {
    title: 'Getting started',
    articles: [
      {
        question: 'How do I create an account?',
        answer:
          'Choose Sign Up, enter your name, e-mail address and a password of at least 8 characters, and accept the terms. You can also continue with Google.',
      },
      {
        question: 'I forgot my password. What now?',
        answer:
          'On the login page choose "Forgot password?", enter your e-mail address, then enter the code we send you together with a new password.',
      },
      {
        question: 'How do I change my photo, name or bio?',
        answer: 'Open your profile from the menu, choose Change Photo or edit the fields, then Save Changes.',
      },
    ],
  },
  {
    title: 'Joining clubs',
    articles: [
      {
        question: 'How do I join a free club?',
        answer:
          'Open the club from Explore Clubs and choose Join Now. The owner approves requests; until then the button reads Request Pending.',
      },
      {
        question: 'How do I join a premium club?',
        answer:
          'Choose the join button on the club page; you pay securely with Stripe. Many premium clubs start with a free trial.',
      },
      {
        question: 'Where do I find the clubs I belong to?',
        answer: 'Your dashboard lists the clubs you joined, the ones you requested and the ones you own.',
      },
    ],
  },
  {
    title: 'Running a club',
    articles: [
      {
        question: 'What does it cost to create a club?',
        answer: `${planPrice(CREATOR_PLAN.monthlyPrice)} a month (or ${planPrice(CREATOR_PLAN.annualMonthlyPrice)} a month billed annually) after a ${CREATOR_PLAN.trialDays}-day free trial, plus ${TRANSACTION_FEE_PERCENT}% of what your members pay.`,
      },
      {
        question: 'Who can create courses and events?',
        answer:
          'Club owners and moderators. Owners also manage settings, billing, pricing and invitations; members post, comment and join events.',
      },
      {
        question: 'How do I get paid by my members?',
        answer:
          'In your club settings, connect a Stripe account under Payments and set a monthly price. Payouts go straight to your Stripe account.',
      },
    ],
  },
  {
    title: 'Account and security',
    articles: [
      {
        question: 'How do I change my e-mail address?',
        answer:
          'In Account Settings, open the Email tab and enter the new address. We send a code to it; the change takes effect once you enter the code.',
      },
      {
        question: 'How do I change my password?',
        answer:
          'In Account Settings, open the Password tab, enter your current password and the new one twice (at least 8 characters).',
      },
    ],
  },
];

const matches = (article: Article, query: string) =>
  `${article.question} ${article.answer}`.toLowerCase().includes(query.toLowerCase());

export default function SupportPage() {
  const [query, setQuery] = useState('');
  const topics = useMemo(() => {
    const q = query.trim();
    return HELP_TOPICS.map((topic) => ({
      ...topic,
      articles: q ? topic.articles.filter((a) => matches(a, q)) : topic.articles,
    })).filter((topic) => topic.articles.length > 0);
  }, [query]);

  return (
    <StaticPage title="Help Centre" lead="Answers to the questions members and creators ask most.">
      <search className="clubs-help__search">
        <SearchField
          label="Search help articles"
          type="search"
          hasSearchButton={false}
          hasSearchIcon
          placeholder="Search help articles..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onClear={() => setQuery('')}
        />
      </search>
      {topics.length === 0 ? (
        <p className="clubs-empty" role="status">
          No articles match "{query.trim()}". Try other words, or <Link to="/contact">contact us</Link>.
        </p>
      ) : (
        topics.map((topic) => (
          <section key={topic.title} aria-labelledby={`topic-${topic.title}`} className="clubs-faq">
            <h2 id={`topic-${topic.title}`}>{topic.title}</h2>
            {topic.articles.map((article) => (
              <details key={article.question} className="clubs-faq__item" open={!!query.trim()}>
                <summary>{article.question}</summary>
                <p>{article.answer}</p>
              </details>
            ))}
          </section>
        ))
      )}
      <section className="clubs-cta clubs-cta--inline" aria-labelledby="support-contact">
        <h2 id="support-contact">Still need help?</h2>
        <p>Our team answers within 24 hours, Monday to Friday, 9am to 5pm EST.</p>
        <Button as={Link} to="/contact" variation="primary">
          Contact Support
        </Button>
      </section>
    </StaticPage>
  );
}
