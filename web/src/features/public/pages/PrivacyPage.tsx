import { TextLink } from '../../../components/TextLink.tsx';
import { LegalPage, type LegalSection } from '../components/LegalPage.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'What this policy covers',
    body: (
      <p>
        This policy explains what personal data Clubs collects, why, and the choices you have. It applies
        together with our <TextLink to="/terms">Terms of Service</TextLink>.
      </p>
    ),
  },
  {
    title: 'What we collect',
    body: (
      <ul>
        <li>
          Account data: your name, e-mail address and password (stored by our identity provider, never in
          plain text).
        </li>
        <li>Profile data you choose to add: a photo, a bio and a location.</li>
        <li>What you do in clubs: memberships, posts, comments, likes, event replies and course progress.</li>
        <li>Payment data: handled by Stripe; we keep only references to your customer and subscriptions.</li>
        <li>Messages you send us through the contact form.</li>
      </ul>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <p>
        To run your account and the clubs you join or create, to take payments on behalf of creators, to
        answer your messages, to keep the platform secure, and to meet legal obligations. We do not sell
        personal data.
      </p>
    ),
  },
  {
    title: 'Who can see it',
    body: (
      <p>
        Members of a club see your name, photo and what you post there. Club owners and moderators also see
        your e-mail address. Our service providers (hosting, e-mail delivery, payments) process data only on
        our instructions.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <p>
        For as long as your account is open, and afterwards only as long as the law requires (for example,
        payment records). Contact-form messages are kept until your request is resolved.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <p>
        You can see and correct your profile at any time, change your e-mail address and password in your
        account settings, and ask us for a copy of your data or for its deletion through the contact page.
      </p>
    ),
  },
  {
    title: 'Cookies and storage',
    body: (
      <p>
        We use your browser's storage only to keep you signed in and to remember interface preferences. We use
        no advertising trackers.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return <LegalPage path="/privacy" sections={SECTIONS} />;
}
