import { Card, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Brand } from '../../components/Brand.tsx';
import '../../components/public/public.css';
import { TextLink } from '../../components/TextLink.tsx';

/** The frame of the sign-in pages: the brand, one card, a way back home. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Flex as="main" direction="column" alignItems="center" minHeight="100vh" padding="medium" gap="large">
      <div className="clubs-auth__brand">
        <Brand />
      </div>
      <Card variation="elevated" width="100%" maxWidth="28rem" padding="xl" className="clubs-auth__card">
        {children}
      </Card>
      <TextLink to="/">Back to home</TextLink>
    </Flex>
  );
}
