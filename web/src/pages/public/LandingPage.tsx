/**
 * The landing page (spec part 1 section 2). This issue ships the top bar and the hero; featured
 * clubs, feature blurbs, pricing, testimonials and the footer sections come with the landing issue.
 */
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { useGreetingName } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { Brand } from '../../components/Brand.tsx';

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
] as const;

function TopBarAccount() {
  const { user, loading } = useAuth();
  const name = useGreetingName();
  if (loading) return null;
  if (user) {
    return (
      <Link to="/dashboard" className="amplify-link">
        Welcome, {name}
      </Link>
    );
  }
  return (
    <Flex gap="small">
      <Link to="/login" className="amplify-button amplify-button--link">
        Log In
      </Link>
      <Link to="/register" className="amplify-button amplify-button--primary">
        Sign Up
      </Link>
    </Flex>
  );
}

export default function LandingPage() {
  return (
    <>
      <Flex as="header" className="clubs-header" justifyContent="space-between" alignItems="center">
        <Brand />
        <TopBarAccount />
      </Flex>
      <main>
        <Flex as="section" className="clubs-hero" direction="column" alignItems="center" gap="large">
          <Heading level={1} className="clubs-hero__title">
            Cultivate Your Exclusive Circle
          </Heading>
          <Text className="clubs-hero__lead">
            Launch a members-only club with discussions, masterclasses and soirees, or join the circles that
            inspire you.
          </Text>
          <Flex gap="medium" wrap="wrap" justifyContent="center">
            <Link to="/register" className="amplify-button amplify-button--primary amplify-button--large">
              Begin Your Journey
            </Link>
            <Link to="/clubs" className="amplify-button amplify-button--large">
              Explore Clubs
            </Link>
          </Flex>
        </Flex>
      </main>
      <Flex as="footer" className="clubs-footer" gap="large" justifyContent="center" wrap="wrap">
        {FOOTER_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="amplify-link">
            {link.label}
          </Link>
        ))}
      </Flex>
    </>
  );
}
