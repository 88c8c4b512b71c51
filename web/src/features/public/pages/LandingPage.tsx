/**
 * The landing page: top bar, hero, Featured Clubs, Refined Experiences,
 * Create Your Own Club (the plan with its monthly/annual toggle), testimonials, the Ready to
 * Launch call to action and the footer. Kept light: it is the first paint of `/`.
 */
import { useGoogleReturn } from '../../../auth/useGoogleReturn.ts';
import { LinkButton } from '../../../components/public/amplify-look.tsx';
import { FeaturedClubs } from '../../../components/public/FeaturedClubs.tsx';
import { HydrationPiece } from '../../../components/public/HydrationPiece.tsx';
import { LandingSection } from '../../../components/public/LandingSection.tsx';
import { PricingCard } from '../../../components/public/PricingCard.tsx';
import { PublicLayout } from '../../../components/public/PublicLayout.tsx';

export const EXPERIENCES = [
  {
    title: 'Salon',
    text: 'A discussion forum where members post, comment and like, with the best conversations rising to the top.',
  },
  {
    title: 'Masterclasses',
    text: 'Courses with video and rich content sections, so your expertise reaches every member at their own pace.',
  },
  {
    title: 'Circle Members',
    text: 'A member directory with profiles, so the people in your club can find each other.',
  },
  {
    title: 'Soirees',
    text: 'Events with RSVP management, from intimate workshops to grand gatherings.',
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'Within a month my book circle had outgrown three group chats. Clubs gave us one calm place to talk, plan and learn.',
    name: 'Amelia Hart',
    role: 'Founder, The Slow Readers',
  },
  {
    quote:
      'The courses and events live next to the conversation, so members stay. Our paid tier covered its cost in the first week.',
    name: 'Daniel Okafor',
    role: 'Host, Runners of the Dawn',
  },
  {
    quote:
      'Setting up took an afternoon. Payments, trials and member approvals just work, and I can focus on my members.',
    name: 'Sofia Marquez',
    role: 'Creator, Ceramics Studio Collective',
  },
] as const;

function Hero() {
  return (
    <section className="clubs-hero" aria-labelledby="hero-title">
      <h1 id="hero-title" className="clubs-hero__title">
        Cultivate Your Exclusive Circle
      </h1>
      <p className="clubs-hero__lead">
        Launch a members-only club with discussions, masterclasses and soirees, or join the circles that
        inspire you.
      </p>
      <div className="clubs-hero__actions">
        <LinkButton to="/register" variation="primary" size="large">
          Begin Your Journey
        </LinkButton>
        <LinkButton to="/clubs" size="large">
          Explore Clubs
        </LinkButton>
      </div>
    </section>
  );
}

function Experiences() {
  return (
    <LandingSection
      title="Refined Experiences"
      intro="Everything a private community needs, crafted with care."
      alt
    >
      <ul className="clubs-features">
        {EXPERIENCES.map((item) => (
          <li key={item.title} className="clubs-feature">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function CreateYourClub() {
  return (
    <LandingSection
      title="Create Your Own Club"
      intro="One plan with everything included. Start with a free trial, no long-term commitment."
    >
      <PricingCard />
    </LandingSection>
  );
}

function Testimonials() {
  return (
    <LandingSection
      title="Loved by Club Creators"
      intro="What creators say about running their circles on Clubs."
      alt
    >
      <ul className="clubs-testimonials">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="clubs-testimonial">
              <blockquote>“{t.quote}”</blockquote>
              <figcaption>
                <strong>{t.name}</strong>
                <span>{t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function ReadyToLaunch() {
  return (
    <section className="clubs-cta" aria-labelledby="launch-title">
      <h2 id="launch-title">Ready to Launch Your Club?</h2>
      <p>Bring your people together in a space that is entirely yours.</p>
      <LinkButton to="/register" variation="primary" size="large">
        Get Started
      </LinkButton>
    </section>
  );
}

export default function LandingPage() {
  useGoogleReturn();
  return (
    <PublicLayout>
      {/* Each band is taken over on its own (HydrationPiece), the hero first. */}
      <HydrationPiece>
        <Hero />
      </HydrationPiece>
      <HydrationPiece>
        <FeaturedClubs />
      </HydrationPiece>
      <HydrationPiece>
        <Experiences />
      </HydrationPiece>
      <HydrationPiece>
        <CreateYourClub />
      </HydrationPiece>
      <HydrationPiece>
        <Testimonials />
      </HydrationPiece>
      <HydrationPiece>
        <ReadyToLaunch />
      </HydrationPiece>
    </PublicLayout>
  );
}
