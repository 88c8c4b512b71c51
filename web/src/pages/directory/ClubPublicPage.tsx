/**
 * The public club page /c/{clubId}: hero, About / Benefits /
 * Testimonials, and the sticky side card with the price and the one action button.
 */
import { Button, Card, Flex, Heading, Loader, Tabs, Text, View } from '@aws-amplify/ui-react';
import { formatPrice, isPremium, type PublicClub, truncate } from '@clubs/shared';
import { Link, useParams } from 'react-router-dom';
import { useApiQuery } from '../../api/hooks.ts';
import { shouldRetry } from '../../api/queryClient.ts';
import { ClubLogo } from '../../components/clubs/ClubAvatar.tsx';
import { memberCountLabel } from '../../components/clubs/ClubCard.tsx';
import { JoinButton } from '../../components/clubs/JoinButton.tsx';
import '../../components/clubs/clubs.css';
import { useTrialOffer } from '../../components/clubs/useTrialOffer.ts';
import { QueryFailed } from '../../components/LoadFailed.tsx';
import { HydrationPiece } from '../../components/public/HydrationPiece.tsx';
import { PublicHeader } from '../../components/public/PublicHeader.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { useTitleSubject } from '../../layouts/useRouteTitle.ts';

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

function Blurb({ title, text }: { title: string; text: string }) {
  return (
    <Card variation="outlined">
      <Heading level={3} fontSize="large">
        {title}
      </Heading>
      <Text color="font.secondary">{text}</Text>
    </Card>
  );
}

function About({ club }: { club: PublicClub }) {
  const trialDays = useTrialOffer(club);
  return (
    <Flex direction="column" gap="medium">
      <Heading level={2}>{club.name}</Heading>
      <Text whiteSpace="pre-line">{club.description}</Text>
      <div className="club-grid">
        <Blurb title="Events & Workshops" text="Regular live sessions, workshops and meetups for members." />
        <Blurb title="Learning Resources" text="Courses and guides curated by the club's creators." />
        <Blurb title="Community Network" text="Connect with like-minded members and grow together." />
        <Blurb title="Member Benefits" text={memberBenefits(club, trialDays)} />
      </div>
    </Flex>
  );
}

function SideCard({ club }: { club: PublicClub }) {
  const premium = isPremium(club);
  const trialDays = useTrialOffer(club);
  return (
    <Card variation="elevated" className="club-side-card" as="aside" aria-label="Membership">
      <Flex direction="column" gap="small">
        {premium ? (
          <>
            <Text fontSize="xxl" fontWeight="bold">
              {formatPrice(club.price, club.currency)}
              <Text as="span" fontSize="medium" color="font.secondary">
                /month
              </Text>
            </Text>
            {trialDays > 0 ? (
              <>
                <Text fontWeight="semibold">{trialDays}-day free trial</Text>
                <Text color="font.secondary">Cancel anytime during your trial period</Text>
              </>
            ) : (
              <Text color="font.secondary">Billed monthly · cancel anytime</Text>
            )}
          </>
        ) : (
          <>
            <Text fontSize="xxl" fontWeight="bold">
              Free
            </Text>
            <Text color="font.secondary">Join this community at no cost</Text>
          </>
        )}
        <Text fontSize="small" color="font.secondary">
          {memberCountLabel(club.memberCount)}
        </Text>
        <JoinButton club={club} />
      </Flex>
    </Card>
  );
}

function ClubNotFound() {
  return (
    <Flex as="main" direction="column" alignItems="center" gap="medium" padding="xxl" textAlign="center">
      <Heading level={1}>Club not found</Heading>
      <Text color="font.secondary">The club you're looking for doesn't exist or has been removed.</Text>
      <Button as={Link} to="/clubs" variation="primary">
        Browse All Clubs
      </Button>
    </Flex>
  );
}

function ClubPublic() {
  const { clubId = '' } = useParams();
  // One quick retry of a failed load (never of a 4xx): the page then says what it knows. The
  // page's own read (view=page) is what counts a visit in the club's analytics.
  const club = useApiQuery(
    'getClub',
    { params: { clubId }, query: { view: 'page' } },
    { retry: (count, error) => count < 1 && shouldRetry(count, error), retryDelay: 300 },
  );
  useTitleSubject(club.data?.name);

  if (club.isPending)
    return (
      <Flex justifyContent="center" padding="xxl" role="status">
        <Loader size="large" ariaLabel="Loading club" />
      </Flex>
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
      <View as="section" className="club-hero" aria-label="Club">
        {data.coverImageUrl ? (
          <div className="club-hero__bg">
            <img src={data.coverImageUrl} alt="" fetchPriority="high" />
          </div>
        ) : null}
        <div className="club-hero__content">
          <TextLink to="/clubs">← All Clubs</TextLink>
          <Flex alignItems="center" gap="medium" wrap="wrap">
            <ClubLogo name={data.name} logoUrl={data.logoUrl} size={80} />
            <Flex direction="column" gap="xs">
              <Text
                as="span"
                fontSize="small"
                fontWeight="bold"
                className={isPremium(data) ? 'club-badge--premium' : 'club-badge--free'}
                padding="xxs small"
                borderRadius="medium"
                alignSelf="flex-start"
              >
                {isPremium(data) ? 'PREMIUM CLUB' : 'FREE CLUB'}
              </Text>
              <Heading level={1}>{data.name}</Heading>
            </Flex>
          </Flex>
          <Text as="p" maxWidth="48rem">
            {truncate(data.description)}
          </Text>
        </div>
      </View>
      <div className="club-page__layout">
        <Tabs
          defaultValue="about"
          isLazy
          items={[
            { label: 'About', value: 'about', content: <About club={data} /> },
            {
              label: 'Benefits',
              value: 'benefits',
              content: (
                <div className="club-grid">
                  {BENEFITS.map((b) => (
                    <Blurb key={b.title} title={b.title} text={b.text} />
                  ))}
                </div>
              ),
            },
            {
              label: 'Testimonials',
              value: 'testimonials',
              content: (
                <Flex direction="column" gap="medium">
                  {TESTIMONIALS.map((t) => (
                    <Card key={t.author} variation="outlined" as="figure">
                      <Text as="blockquote">“{t.quote}”</Text>
                      <Text as="figcaption" color="font.secondary">
                        {t.author}
                      </Text>
                    </Card>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
        <SideCard club={data} />
      </div>
    </main>
  );
}

/** The site's top bar over the page, as on the other public pages: the way back to the dashboard, the profile and Log out. */
export default function ClubPublicPage() {
  return (
    <>
      {/* The top bar and the club are taken over apart (HydrationPiece). */}
      <HydrationPiece>
        <PublicHeader />
      </HydrationPiece>
      <HydrationPiece>
        <ClubPublic />
      </HydrationPiece>
    </>
  );
}
