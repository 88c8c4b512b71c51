/** The public footer (spec part 1 section 2): About, Features, Pricing, Contact, Terms, Privacy. */
import { Link } from 'react-router-dom';

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
          <Link key={link.to} to={link.to} className="amplify-link">
            {link.label}
          </Link>
        ))}
        <Link to="/support" className="amplify-link">
          Help Centre
        </Link>
      </nav>
      <p className="clubs-footer__note">
        © {new Date().getFullYear()} Clubs. Cultivate your exclusive circle.
      </p>
    </footer>
  );
}
