/** What a browser sends to S3: a presigned POST of a file, and a small real image to send. */
import { expect } from 'vitest';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What the browser does with a presigned POST: the signed fields, then the file last. */
export async function postToS3(
  upload: { url: string; fields: Record<string, string> },
  file: Buffer,
  overrides: Record<string, string> = {},
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...overrides })) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file)], { type: overrides['Content-Type'] ?? upload.fields['Content-Type'] }),
  );
  const response = await fetch(upload.url, { method: 'POST', body: form });
  expect(response.status).toBeLessThan(300);
}
