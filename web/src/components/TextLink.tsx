/**
 * A router link in Amplify UI's Link look: the element Amplify's `<Link as={Link}>` draws, wearing
 * its documented class (`amplify-link`), without the component, which works out style props and
 * listens to the viewport's breakpoints as it mounts; the public pages show a dozen of these
 * (top bar, footer) before anything else. Buttons that navigate are `<Button as={Link} to=…>`, or
 * on the public pages `LinkButton` (components/public/amplify-look.tsx).
 */
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function TextLink({
  children,
  className,
  ...props
}: ComponentProps<typeof Link> & { children: ReactNode }) {
  return (
    <Link className={className ? `amplify-link ${className}` : 'amplify-link'} {...props}>
      {children}
    </Link>
  );
}
