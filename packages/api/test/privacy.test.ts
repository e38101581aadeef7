// No personal data in logs (a failed database write logs no parameters; mails are logged by
// id and user id, not address or link), and deleting an account leaves nothing of it: no outbox mail, and not
// a byte of its e-mail or phone number anywhere in the data directory (the embedded database's files included).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningService, startApi } from '@posture-vision/testkit/services';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  createPostgresDatabase,
  Http,
  lastMailTo,
  outbox,
  PASSWORD,
  registration,
  TEST_ENV,
  uniqueEmail,
} from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';

const photos = (['front', 'left', 'right'] as const).map((viewType) => ({
  viewType,
  photoUrl: dataUrl(jpegLike(1500)),
}));

/** Files under dir that contain text (grep -r over the raw bytes). */
function filesContaining(dir: string, text: string): string[] {
  try {
    return execFileSync('grep', ['-rlaF', text, dir], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return []; // grep exits 1 when nothing matches
  }
}

describe('privacy of logs and leftovers', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('logs no SQL parameters when a database write fails', async () => {
    const pg = await createPostgresDatabase();
    cleanup.push(() => pg.drop());
    const api: RunningService = await startApi({ ...TEST_ENV, API_LOG: 'on', DATABASE_URL: pg.url });
    cleanup.push(() => api.stop());
    // The database refuses this one insert (the edge: a write that fails inside PostgreSQL).
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    await sql.unsafe(`ALTER TABLE users ADD CONSTRAINT refuse_test CHECK (first_name <> 'Refused')`);
    await sql.end();
    const email = uniqueEmail('secret');
    const res = await new Http(api.url).post(
      '/auth/register',
      registration(email, { firstName: 'Refused', contactNo: '5550001111' }),
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: { message: 'Internal server error.', details: [] } });
    await expect.poll(() => api.output()).toContain('unhandled error');
    expect(api.output()).not.toContain(email);
    expect(api.output()).not.toContain('5550001111');
    expect(api.output()).not.toContain('$argon2');
  });

  it('deletes the account with its mails and leaves its e-mail and phone nowhere in the data directory or log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pv-api-privacy-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    cpSync(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
    const api = await startApi({ ...TEST_ENV, API_LOG: 'on' }, dataDir);
    cleanup.push(() => api.stop());
    const http = new Http(api.url);
    const email = uniqueEmail('forget.me');
    const phone = '5559876543';
    const other = uniqueEmail('stays');
    expect((await http.post('/auth/register', registration(email, { contactNo: phone }))).status).toBe(201);
    expect((await http.post('/auth/register', registration(other))).status).toBe(201);
    const verification = lastMailTo(dataDir, email);
    await fetch(verification.links[0] as string, { redirect: 'manual' });
    await http.post('/auth/login', { email, password: 'Wr0ng!Password' });
    const login = await http.post('/auth/login', { email, password: PASSWORD });
    const token = login.body.accessToken as string;
    expect((await http.post('/password/forgot-password', { email })).status).toBe(200);
    const cal = await http.post('/calibration', { photos, processWithML: false }, token);
    const session = await http.post(
      '/sessions/start',
      { mode: 'active', calibrationId: cal.body.data.id },
      token,
    );
    await http.post(
      `/sessions/${session.body.data.id}/feedback`,
      { postureStatus: 'poor', timestamp: new Date().toISOString(), details: { note: email } },
      token,
    );
    expect(outbox(dataDir).filter((m) => m.to === email)).toHaveLength(2);
    // The log says which mail went out, for which user id; never the address or the link.
    await expect.poll(() => api.output()).toContain('mail written to outbox');
    expect(api.output()).not.toContain(email);
    expect(api.output()).not.toContain(verification.links[0]);

    expect((await http.delete('/profile', token)).status).toBe(200);
    expect(outbox(dataDir).filter((m) => m.to === email)).toEqual([]);
    expect(outbox(dataDir).filter((m) => m.to === other)).toHaveLength(1);
    expect(filesContaining(dataDir, email)).toEqual([]);
    expect(filesContaining(dataDir, phone)).toEqual([]);
    // The other account is whole.
    expect(filesContaining(join(dataDir, 'pglite'), other).length).toBeGreaterThan(0);
    expect(api.output()).not.toContain(email);
  }, 120_000);
});
