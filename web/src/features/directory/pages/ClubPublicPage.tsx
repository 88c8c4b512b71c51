/**
 * The public club page /c/{clubId}: hero, About / Benefits /
 * Testimonials, and the sticky side card with the price and the one action button. A public page
 * a visitor often opens first from a shared link: it wears Amplify UI's look through its
 * documented classes (components/public/amplify-look.tsx) rather than loading its components.
 */
import { formatPrice, isPremium, type PublicClub, truncate } from '@clubs/shared';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ClubLogo } from '../../../components/clubs/ClubAvatar.tsx';
import { memberCountLabel } from '../../../components/clubs/ClubCard.tsx';
import { JoinButton } from '../../../components/clubs/JoinButton.tsx';
import '../../../components/clubs/clubs.css';
import { useTrialOffer } from '../../../components/clubs/useTrialOffer.ts';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import {
  LinkButton,
  PlainHeading,
  PlainLoader,
  PlainText,
} from '../../../components/public/amplify-look.tsx';
import { PlainTabs } from '../../../components/public/PlainTabs.tsx';
import { UnderPublicHeader } from '../../../components/public/UnderPublicHeader.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useTitleSubject } from '../../../layouts/useRouteTitle.ts';
import { useClubPage } from '../api.ts';

function memberBenefits(club: PublicClub, trialDays: number): string {
  if (!isPremium(club))
    return 'Free access to every discussion, event and course in this community, at no cost.';
  const price = `Full membership for ${formatPrice(club.price, club.currency)}/month`;
  return trialDays > 0 ? `${price}, starting with a ${trialDays}-day free trial.` : `${price}.`;
}

const BENEFITS = [
  { title: 'Exclusive content', text: 'Masterclasses and resources available only to members.' },
  { title: 'Live events', text: 'Soirees, workshops and Q&A sessions with the community.' },
  { title: 'Member directory', text: 'Find and connect with members who share your interests.' },
  { title: 'Discussion salon', text: 'A private forum to ask, share and learn together.' },
] as const;

const TESTIMONIALS = [
  {
    quote: 'Joining this club was the best decision I made this year. The community is warm and generous.',
    author: 'Amelia R.',
  },
  {
    quote: 'The events and courses helped me grow faster than I thought possible. Highly recommended.',
    author: 'Daniel K.',
  },
] as const;

/** What Amplify's Card draws, with its documented classes. */
function Card({
  variation,
  className,
  children,
}: {
  variation: 'outlined' | 'elevated';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`amplify-card amplify-card--${variation} ${className ?? ''}`.trim()}>{children}</div>
  );
}

function Blurb({ title, text }: { title: string; text: string }) {
  return (
    <Card variation="outlined">
      <PlainHeading level={3} className="club-blurb__title">
        {title}
      </PlainHeading>
      <PlainText variation="secondary">{text}</PlainText>
    </Card>
  );
}

function About({ club }: { club: PublicClub }) {
  const trialDays = useTrialOffer(club);
  return (
    <div className="amplify-flex club-page__column">
      <PlainHeading level={2}>{club.name}</PlainHeading>
      <PlainText className="club-pre-line">{club.description}</PlainText>
      <div className="club-grid">
        <Blurb title="Events & Workshops" text="Regular live sessions, workshops and meetups for members." />
        <Blurb title="Learning Resources" text="Courses and guides curated by the club's creators." />
        <Blurb title="Community Network" text="Connect with like-minded members and grow together." />
        <Blurb title="Member Benefits" text={memberBenefits(club, trialDays)} />
      </div>
    </div>
  );
}

function SideCard({ club }: { club: PublicClub }) {
  const premium = isPremium(club);
  const trialDays = useTrialOffer(club);
  return (
    <aside className="amplify-card amplify-card--elevated club-side-card" aria-label="Membership">
      <div className="amplify-flex club-side-card__column">
        {premium ? (
          <>
            <PlainText className="club-side-card__price">
              {formatPrice(club.price, club.currency)}
              <span className="amplify-text amplify-text--secondary club-side-card__per">/month</span>
            </PlainText>
            {trialDays > 0 ? (
              <>
                <PlainText className="club-side-card__trial">{trialDays}-day free trial</PlainText>
                <PlainText variation="secondary">Cancel anytime during your trial period</PlainText>
              </>
            ) : (
              <PlainText variation="secondary">Billed monthly · cancel anytime</PlainText>
            )}
          </>
        ) : (
          <>
            <PlainText className="club-side-card__price">Free</PlainText>
            <PlainText variation="secondary">Join this community at no cost</PlainText>
          </>
        )}
        <PlainText variation="secondary" className="club-side-card__members">
          {memberCountLabel(club.memberCount)}
        </PlainText>
        <JoinButton club={club} />
      </div>
    </aside>
  );
}

function ClubNotFound() {
  return (
    <main className="amplify-flex club-not-found">
      <PlainHeading level={1}>Club not found</PlainHeading>
      <PlainText variation="secondary">
        The club you're looking for doesn't exist or has been removed.
      </PlainText>
      <LinkButton to="/clubs" variation="primary">
        Browse All Clubs
      </LinkButton>
    </main>
  );
}

const TABS = [
  ['about', 'About'],
  ['benefits', 'Benefits'],
  ['testimonials', 'Testimonials'],
] as const;

/** About, Benefits and Testimonials: only the selected tab's panel is drawn. */
function ClubTabs({ club }: { club: PublicClub }) {
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('about');
  return (
    <PlainTabs label="About this club" tabs={TABS} value={tab} onChange={setTab}>
      {tab === 'about' ? <About club={club} /> : null}
      {tab === 'benefits' ? (
        <div className="club-grid">
          {BENEFITS.map((b) => (
            <Blurb key={b.title} title={b.title} text={b.text} />
          ))}
        </div>
      ) : null}
      {tab === 'testimonials' ? (
        <div className="amplify-flex club-page__column">
          {TESTIMONIALS.map((t) => (
            <figure key={t.author} className="amplify-card amplify-card--outlined">
              <blockquote className="amplify-text">“{t.quote}”</blockquote>
              <figcaption className="amplify-text amplify-text--secondary">{t.author}</figcaption>
            </figure>
          ))}
        </div>
      ) : null}
    </PlainTabs>
  );
}

function ClubPublic() {
  const { clubId = '' } = useParams();
  const club = useClubPage(clubId);
  useTitleSubject(club.data?.name);

  if (club.isPending)
    return (
      <div className="amplify-flex club-page__loading" role="status">
        <PlainLoader size="large" label="Loading club" />
      </div>
    );
  if (club.isError) {
    // Only the API's "no such club" is not found; any other failure says so, with Retry.
    if (club.error.status === 404 || club.error.status === 400) return <ClubNotFound />;
    console.error('Error loading club', club.error);
    return (
      <main>
        <QueryFailed query={club} what="this club" headingLevel={1} />
      </main>
    );
  }
  const data = club.data;
  return (
    <main>
      <section className="club-hero" aria-label="Club">
        {data.coverImageUrl ? (
          <div className="club-hero__bg">
            {/* The hero's usual size on a desktop; clubs.css fills the hero with it, whatever its size. */}
            <img src={data.coverImageUrl} alt="" width={1200} height={320} fetchPriority="high" />
          </div>
        ) : null}
        <div className="club-hero__content">
          <TextLink to="/clubs">← All Clubs</TextLink>
          <div className="amplify-flex club-hero__identity">
            <ClubLogo name={data.name} logoUrl={data.logoUrl} size={80} />
            <div className="amplify-flex club-hero__names">
              <span
                className={`amplify-text club-hero__badge ${isPremium(data) ? 'club-badge--premium' : 'club-badge--free'}`}
              >
                {isPremium(data) ? 'PREMIUM CLUB' : 'FREE CLUB'}
              </span>
              <PlainHeading level={1}>{data.name}</PlainHeading>
            </div>
          </div>
          <PlainText className="club-hero__lead">{truncate(data.description)}</PlainText>
        </div>
      </section>
      <div className="club-page__layout">
        <ClubTabs club={data} />
        <SideCard club={data} />
      </div>
    </main>
  );
}

export default function ClubPublicPage() {
  return (
    <UnderPublicHeader>
      <ClubPublic />
    </UnderPublicHeader>
  );
}
