import { Link as AmplifyLink } from '@aws-amplify/ui-react';
/**
 * The contact page's map, drawn here: the site's CSP allows no third-party frames (infra/lib/
 * site.ts, frame-src 'none'), so instead of an embedded map this is a same-origin drawing of the
 * neighbourhood with a link to a full map.
 */
export function StaticMap({ label, href }: { label: string; href: string }) {
  return (
    <figure className="clubs-map">
      <svg viewBox="0 0 400 240" role="img" aria-label={label} className="clubs-map__svg">
        <rect width="400" height="240" fill="#eef1f8" />
        <path d="M0 190 C 90 170, 150 215, 250 190 S 370 160, 400 175 L400 240 L0 240 Z" fill="#cfe3f5" />
        <rect x="260" y="30" width="110" height="70" rx="8" fill="#d7ecd2" />
        <g stroke="#ffffff" strokeWidth="14" strokeLinecap="round">
          <line x1="0" y1="60" x2="400" y2="60" />
          <line x1="0" y1="130" x2="400" y2="130" />
          <line x1="90" y1="0" x2="90" y2="200" />
          <line x1="200" y1="0" x2="200" y2="200" />
          <line x1="30" y1="0" x2="330" y2="200" />
        </g>
        <g stroke="#d3daeb" strokeWidth="2">
          <line x1="0" y1="60" x2="400" y2="60" />
          <line x1="0" y1="130" x2="400" y2="130" />
          <line x1="90" y1="0" x2="90" y2="200" />
          <line x1="200" y1="0" x2="200" y2="200" />
        </g>
        <g transform="translate(200 130)">
          <circle r="22" fill="#e0b354" opacity="0.3" />
          <path
            d="M0 -34 C 14 -34 22 -24 22 -13 C 22 2 0 20 0 20 C 0 20 -22 2 -22 -13 C -22 -24 -14 -34 0 -34 Z"
            fill="#1f2a44"
          />
          <circle cy="-13" r="7" fill="#e0b354" />
        </g>
      </svg>
      <figcaption>
        <AmplifyLink href={href} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap
        </AmplifyLink>
      </figcaption>
    </figure>
  );
}
