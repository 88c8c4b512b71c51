/**
 * The public "Developers" page (/developers): how a club's owner gets an API key, and the public
 * API's reference, rendered from its OpenAPI document by a viewer loaded only on this page.
 */
import { lazy, Suspense } from 'react';
import { TextLink } from '../../../components/TextLink.tsx';
import { StaticPage } from '../components/StaticPage.tsx';

const ApiReference = lazy(() => import('../components/ApiReference.tsx'));

export default function DevelopersPage() {
  return (
    <StaticPage
      title="Developers"
      lead="Connect your club to your CRM, e-mail tool or spreadsheets with the Clubs public API."
    >
      <section aria-labelledby="developers-keys" className="clubs-prose">
        <h2 id="developers-keys">API keys</h2>
        <p>
          A club's owner makes API keys in Club Settings → Developers, choosing what each key may do: read
          members, read posts and comments, write posts, manage invitations, read events. The secret is shown
          once; send it as <code>Authorization: Bearer clubs_…</code>. A key acts as its club, sees only its
          club, and stops working the moment it is revoked. Questions?{' '}
          <TextLink to="/contact">Contact us</TextLink>.
        </p>
      </section>
      <section aria-label="API reference" className="clubs-developers__reference">
        <Suspense fallback={<p role="status">Loading the API reference…</p>}>
          <ApiReference />
        </Suspense>
      </section>
    </StaticPage>
  );
}
