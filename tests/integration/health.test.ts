import { setDocumentClient } from '@clubs/functions/data/client';
import { handler } from '@clubs/functions/routes/system';
import { freePort } from '@clubs/infra/local/ports.ts';
import type { Health } from '@clubs/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { httpEvent, invoke } from '../support/http-event.ts';

afterEach(() => {
  process.env.DYNAMODB_ENDPOINT = process.env.HARNESS_DYNAMODB_ENDPOINT ?? process.env.DYNAMODB_ENDPOINT;
  setDocumentClient(undefined);
});

describe('GET /api/health', () => {
  it('reports ok when the table answers', async () => {
    const res = await invoke<Health>(handler, httpEvent('health'));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.checks.table.ok).toBe(true);
  });

  it('reports a stopped database with 503 instead of hanging', async () => {
    process.env.HARNESS_DYNAMODB_ENDPOINT = process.env.DYNAMODB_ENDPOINT;
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    setDocumentClient(undefined);
    const started = Date.now();
    const res = await invoke<Health>(handler, httpEvent('health'));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', checks: { table: { ok: false } } });
    expect(res.body.checks.table.error).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
