/**
 * Real PNG pictures for the demo's image posts, drawn and encoded here (no image library): post
 * media may only be JPEG, PNG, GIF or WebP, so the SVG scenes of covers and avatars do not do.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Palette } from './images.ts';

type Rgb = readonly [number, number, number];

const rgbOf = (hex: string): Rgb => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const mix = (under: Rgb, over: Rgb, alpha: number): Rgb => [
  under[0] + (over[0] - under[0]) * alpha,
  under[1] + (over[1] - under[1]) * alpha,
  under[2] + (over[2] - under[2]) * alpha,
];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of `width` × `height` pixels whose colour at (x, y) is `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = row + 1 + x * 3;
      raw[at] = Math.round(r);
      raw[at + 1] = Math.round(g);
      raw[at + 2] = Math.round(b);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Height of a polyline ridge at x (points sorted by x). */
function ridgeAt(points: readonly (readonly [number, number])[], x: number): number {
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] as readonly [number, number];
    const [x1, y1] = points[i] as readonly [number, number];
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return (points.at(-1) as readonly [number, number])[1];
}

/**
 * The landscape of the SVG scenes (sky gradient, sun, a ridge and a dark foreground) as a PNG of
 * 480 × 360; `variant` moves the sun and the ridge so a post's pictures differ.
 */
export function scenePng(palette: Palette, variant = 0): Buffer {
  const width = 480;
  const height = 360;
  const from = rgbOf(palette.from);
  const to = rgbOf(palette.to);
  const accent = rgbOf(palette.accent);
  const dark: Rgb = [15, 23, 42];
  const sunX = 100 + ((variant * 131) % 280);
  const peak = 150 + ((variant * 47) % 60);
  const ridge = [
    [0, 258],
    [108, 180],
    [198, 246],
    [312, peak],
    [480, 264],
  ] as const;
  return encodePng(width, height, (x, y) => {
    let colour = mix(from, to, (x / width + y / height) / 2);
    if ((x - sunX) ** 2 + (y - 102) ** 2 <= 42 ** 2) colour = mix(colour, accent, 0.9);
    if (y >= ridgeAt(ridge, x)) colour = mix(colour, from, 0.65);
    if (y >= 300 + 18 * Math.sin((x / width) * Math.PI * 2 + variant)) colour = mix(colour, dark, 0.35);
    return colour;
  });
}
