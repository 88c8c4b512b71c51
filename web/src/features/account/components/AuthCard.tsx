import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Brand } from '../../../components/Brand.tsx';
import { HydrationPiece } from '../../../components/public/HydrationPiece.tsx';
import '../../../components/public/public.css';
import { TextLink } from '../../../components/TextLink.tsx';

/** The frame of the sign-in pages: the brand, one card, a way back home. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Flex as="main" direction="column" alignItems="center" minHeight="100vh" padding="medium" gap="large">
      {/* The brand, the form and the way home are taken over apart (HydrationPiece). */}
      <HydrationPiece>
        <div className="clubs-auth__brand">
          <Brand />
        </div>
      </HydrationPiece>
      <Card variation="elevated" width="100%" maxWidth="28rem" padding="xl" className="clubs-auth__card">
        <HydrationPiece>{children}</HydrationPiece>
      </Card>
      <HydrationPiece>
        <TextLink to="/">Back to home</TextLink>
      </HydrationPiece>
    </Flex>
  );
}

/**
 * A sign-in page's one form in the card: its heading, a line saying what it is for (`role` when
 * that line changes and should be announced), the form's alert, then its fields.
 */
export function AuthForm({
  label,
  title,
  intro,
  introRole,
  alert,
  onSubmit,
  children,
}: {
  label: string;
  title: string;
  intro: ReactNode;
  introRole?: 'status';
  alert: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <AuthCard>
      <Flex
        as="form"
        direction="column"
        gap="medium"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
        aria-label={label}
      >
        <Heading level={1} fontSize="xxl">
          {title}
        </Heading>
        <Text color="font.secondary" role={introRole}>
          {intro}
        </Text>
        {alert}
        {children}
      </Flex>
    </AuthCard>
  );
}
