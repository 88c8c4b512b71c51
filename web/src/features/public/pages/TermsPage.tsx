import { TextLink } from '../../../components/TextLink.tsx';
import { LegalPage, type LegalSection } from '../components/LegalPage.tsx';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Who we are and what these terms cover',
    body: (
      <p>
        These terms govern your use of Clubs, a platform on which creators run member-only online clubs and
        members join them. By creating an account or using the site you agree to them. How we handle personal
        data is described in our <TextLink to="/privacy">Privacy Policy</TextLink>.
      </p>
    ),
  },
  {
    title: 'Your account',
    body: (
      <p>
        You need an account to join or create a club. Keep your password to yourself and tell us at once if
        you think someone else has used your account. You must be old enough to form a binding contract where
        you live.
      </p>
    ),
  },
  {
    title: 'Creating a club',
    body: (
      <p>
        Club creators subscribe to the Club Creator plan ($88 a month, or $71 a month billed annually) after a
        7-day free trial. The plan renews until cancelled; cancelling stops the next renewal. Creators are
        responsible for the content, pricing and conduct rules of their clubs.
      </p>
    ),
  },
  {
    title: 'Joining and paying for clubs',
    body: (
      <p>
        Free clubs may ask their owners to approve you. Premium clubs charge the monthly price shown on their
        page, collected by Stripe on the creator's behalf; Clubs keeps a 2.9% transaction fee. Refunds of
        membership fees are a matter between you and the club's creator, unless the law says otherwise.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <p>
        Do not post unlawful, hateful or infringing content, harass other members, send spam, or try to break
        into accounts or systems. We may remove content or suspend accounts that break these rules.
      </p>
    ),
  },
  {
    title: 'Content and licences',
    body: (
      <p>
        You keep the rights to what you post. You give Clubs the licence needed to store and show it to the
        people you share it with. Club creators give their members the right to use course material within the
        club.
      </p>
    ),
  },
  {
    title: 'Ending and changes',
    body: (
      <p>
        You may close your account at any time. We may change these terms; we will announce material changes
        in advance, and the date above shows when they last changed.
      </p>
    ),
  },
  {
    title: 'Liability',
    body: (
      <p>
        Clubs is provided as is. To the extent the law allows, we are not liable for indirect losses or for
        content posted by members and creators.
      </p>
    ),
  },
];

export default function TermsPage() {
  return <LegalPage path="/terms" sections={SECTIONS} />;
}
