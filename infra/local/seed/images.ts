/** Generated images for the demo data (club covers and logos, avatars, event and post pictures), drawn as SVG. */
import sharp from 'sharp';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

export const PALETTES = {
  wellness: { from: '#0f766e', to: '#5eead4', accent: '#ccfbf1' },
  sports: { from: '#1d4ed8', to: '#60a5fa', accent: '#dbeafe' },
  business: { from: '#334155', to: '#94a3b8', accent: '#f1f5f9' },
  arts: { from: '#9d174d', to: '#f9a8d4', accent: '#fce7f3' },
  lifestyle: { from: '#b45309', to: '#fcd34d', accent: '#fef3c7' },
  neutral: { from: '#4338ca', to: '#a5b4fc', accent: '#e0e7ff' },
} as const satisfies Record<string, Palette>;

export const paletteOf = (name: string): Palette =>
  (PALETTES as Record<string, Palette | undefined>)[name] ?? PALETTES.neutral;

const gradient = (id: string, p: Palette) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
  `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`;

/** A small number from a text, so each club's cover has its own arrangement, the same on every seed. */
const hashOf = (text: string): number => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/**
 * A club's cover: shapes and colour only, no text. Pages crop covers to their own height and
 * width (a phone keeps the middle third), so the club's name is shown beside the cover, never in it.
 */
export function coverSvg(seed: string, p: Palette): string {
  const h = hashOf(seed);
  const x1 = 120 + (h % 360);
  const x2 = 720 + ((h >>> 8) % 360);
  const r1 = 110 + ((h >>> 16) % 90);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
${gradient('g', p)}
<rect width="1200" height="400" fill="url(#g)"/>
<circle cx="${x2}" cy="80" r="180" fill="${p.accent}" opacity="0.18"/>
<circle cx="${x1}" cy="340" r="${r1}" fill="${p.accent}" opacity="0.12"/>
<circle cx="600" cy="190" r="70" fill="${p.accent}" opacity="0.16"/>
<path d="M0 330 C 240 270 420 390 700 320 S 1080 250 1200 300 L 1200 400 L 0 400 Z" fill="${p.accent}" opacity="0.2"/>
</svg>
`;
}

export function logoSvg(name: string, p: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
${gradient('g', p)}
<rect width="256" height="256" rx="56" fill="url(#g)"/>
<circle cx="196" cy="60" r="40" fill="${p.accent}" opacity="0.25"/>
<text x="128" y="150" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="96" font-weight="700" fill="#ffffff">${escapeXml(initials(name))}</text>
</svg>
`;
}

export function avatarSvg(name: string, p: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
${gradient('g', p)}
<circle cx="64" cy="64" r="64" fill="url(#g)"/>
<text x="64" y="78" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(initials(name))}</text>
</svg>
`;
}

/** A simple landscape: sky, sun and hills, for image posts and event thumbnails. */
export function sceneSvg(caption: string, p: Palette, variant = 0): string {
  const sunX = 160 + ((variant * 173) % 480);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
${gradient('g', p)}
<rect width="800" height="600" fill="url(#g)"/>
<circle cx="${sunX}" cy="170" r="70" fill="${p.accent}" opacity="0.9"/>
<path d="M0 430 L 180 300 L 330 410 L 520 250 L 800 440 L 800 600 L 0 600 Z" fill="${p.from}" opacity="0.65"/>
<path d="M0 500 C 200 440 420 560 800 480 L 800 600 L 0 600 Z" fill="#0f172a" opacity="0.35"/>
<text x="32" y="568" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="#ffffff">${escapeXml(caption)}</text>
</svg>
`;
}

/**
 * The WebP picture an SVG drawing renders to at its own size (sharp, through librsvg): the form a
 * person's upload of it would take, at a small fraction of a PNG's bytes.
 */
export async function webpOf(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
