/**
 * Records the demo's video post, `infra/local/seed/demo-clip.webm` (checked in, about 25 KB):
 * a 3-second 320 × 180 VP8 WebM of a sun crossing a sky, drawn on a canvas and encoded by
 * Chromium's MediaRecorder, since no video encoder exists in Node and the seed must not need
 * ffmpeg. Run again only to change the clip: `npx tsx scripts/record-demo-clip.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const OUTPUT = join(import.meta.dirname, '..', 'infra', 'local', 'seed', 'demo-clip.webm');

// Runs in the page (kept as text: this project's Node typings have no DOM).
const RECORD = `(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(15), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 150000,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start();
  const start = performance.now();
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - start) / 1000;
      const sky = ctx.createLinearGradient(0, 0, 320, 180);
      sky.addColorStop(0, '#0f766e');
      sky.addColorStop(1, '#5eead4');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, 320, 180);
      ctx.fillStyle = '#ccfbf1';
      ctx.beginPath();
      ctx.arc(40 + t * 80, 90 - Math.sin(t * 1.5) * 40, 24, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = 'rgba(15, 23, 42, 0.35)';
      ctx.fillRect(0, 150, 320, 30);
      if (t < 3) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
})()`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const clip = Buffer.from((await page.evaluate(RECORD)) as string, 'base64');
  writeFileSync(OUTPUT, clip);
  console.log(`${OUTPUT}: ${clip.length} bytes`);
} finally {
  await browser.close();
}
