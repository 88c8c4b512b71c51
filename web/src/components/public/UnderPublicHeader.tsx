import type { ReactNode } from 'react';
import { HydrationPiece } from './HydrationPiece.tsx';
import { PublicHeader } from './PublicHeader.tsx';

/**
 * A directory page under the site's top bar, as on the other public pages (the way back to the
 * dashboard, the profile and Log out). The bar and the page are taken over apart (HydrationPiece).
 */
export function UnderPublicHeader({ children }: { children: ReactNode }) {
  return (
    <>
      <HydrationPiece>
        <PublicHeader />
      </HydrationPiece>
      <HydrationPiece>{children}</HydrationPiece>
    </>
  );
}
