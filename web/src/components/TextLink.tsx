/**
 * Links in Amplify UI's look through its own components (no borrowed class names): a router link
 * styled as Amplify's Link. Buttons that navigate are `<Button as={Link} to=…>`.
 */
import { Link as AmplifyLink } from '@aws-amplify/ui-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function TextLink({ children, ...props }: ComponentProps<typeof Link> & { children: ReactNode }) {
  return (
    <AmplifyLink as={Link} {...props}>
      {children}
    </AmplifyLink>
  );
}
