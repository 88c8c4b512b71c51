import { TextLink } from '../TextLink.tsx';
/** The public footer: About, Features, Pricing, Contact, Terms, Privacy, Help Centre, Developers. */

export const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
] as const;

export function PublicFooter() {
  return (
    <footer className="clubs-footer">
      <nav aria-label="Footer" className="clubs-footer__links">
        {FOOTER_LINKS.map((link) => (
          <TextLink key={link.to} to={link.to}>
            {link.label}
          </TextLink>
        ))}
        <TextLink to="/support">Help Centre</TextLink>
        <TextLink to="/developers">Developers</TextLink>
      </nav>
      <p className="clubs-footer__note">
        © {new Date().getFullYear()} Clubs. Cultivate your exclusive circle.
      </p>
    </footer>
  );
}
