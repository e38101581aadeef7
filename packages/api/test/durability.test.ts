// An acknowledged write is durable. kill -9 of the API process under feedback load, then a
// restart on the same data: every feedback the API acknowledged (201) is there, on the embedded database and on
// PostgreSQL. And on the embedded database every acknowledged write was fsync'ed to its WAL before the answer,
// which is what survives a power loss too (a process crash alone only needs the OS cache).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi } from '@posture-vision/testkit/services';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import {
  createPostgresDatabase,
  Http,
  lastMailTo,
  PASSWORD,
  registration,
  signUp,
  startTestServer,
  TEST_ENV,
  uniqueEmail,
} from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';

// The edge under test is the fsync(2) call: record which file each one was for.
const synced = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const fsyncSync = (fd: number) => {
    synced.files.push(real.readlinkSync(`/proc/self/fd/${fd}`));
    return real.fsyncSync(fd);
  };
  return { ...real, fsyncSync, default: { ...real, fsyncSync } };
});

const photos = (['front', 'left', 'right'] as const).map((viewType) => ({
  viewType,
  photoUrl: dataUrl(jpegLike(1500)),
}));

describe('durability of acknowledged writes', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('fsyncs the embedded database WAL before acknowledging each feedback', async () => {
    const server = await startTestServer('pglite');
    cleanup.push(() => server.close());
    const user = await signUp(server);
    const cal = await server.http.post('/calibration', { photos, processWithML: false }, user.accessToken);
    const session = await server.http.post(
      '/sessions/start',
      { mode: 'active', calibrationId: cal.body.data.id },
      user.accessToken,
    );
    for (let i = 0; i < 5; i++) {
      synced.files.length = 0;
      const res = await server.http.post(
        `/sessions/${session.body.data.id}/feedback`,
        { postureStatus: 'good', timestamp: new Date().toISOString() },
        user.accessToken,
      );
      expect(res.status).toBe(201);
      expect(synced.files.some((f) => f.includes(join('pglite', 'pg_wal')))).toBe(true);
    }
  });

  for (const kind of ['pglite', 'postgres'] as const)
    it(`keeps every acknowledged feedback across kill -9 under load (${kind})`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pv-api-durability-'));
      cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      if (kind === 'pglite') cpSync(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
      const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
      if (pg) cleanup.push(() => pg.drop());
      const env = { ...TEST_ENV, DATABASE_URL: pg?.url };
      let api = await startApi(env, dataDir);
      cleanup.push(() => api.stop());
      let http = new Http(api.url);
      const email = uniqueEmail();
      expect((await http.post('/auth/register', registration(email))).status).toBe(201);
      await fetch(lastMailTo(dataDir, email).links[0] as string, { redirect: 'manual' });
      const token = (await http.post('/auth/login', { email, password: PASSWORD })).body
        .accessToken as string;
      const cal = await http.post('/calibration', { photos, processWithML: false }, token);
      const sessionId = (
        await http.post('/sessions/start', { mode: 'active', calibrationId: cal.body.data.id }, token)
      ).body.data.id as string;

      // Eight clients send feedback as fast as they are answered; the process is killed mid-stream.
      const acknowledged: string[] = [];
      let sent = 0;
      let stop = false;
      const client = async () => {
        while (!stop) {
          const timestamp = new Date(Date.UTC(2026, 0, 1) + sent++ * 1000).toISOString();
          try {
            const res = await http.post(
              `/sessions/${sessionId}/feedback`,
              { postureStatus: 'good', timestamp },
              token,
            );
            if (res.status === 201) acknowledged.push(timestamp);
          } catch {
            return; // the connection died with the process
          }
        }
      };
      const clients = Array.from({ length: 8 }, client);
      await expect
        .poll(() => acknowledged.length, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(100);
      await api.kill('SIGKILL');
      stop = true;
      await Promise.all(clients);

      api = await startApi(env, dataDir);
      http = new Http(api.url);
      const exported = await http.get('/sessions/export', token);
      expect(exported.status).toBe(200);
      const stored = new Set(
        (exported.body.data.feedback as { timestamp: string }[]).map((f) =>
          new Date(f.timestamp).toISOString(),
        ),
      );
      const missing = acknowledged.filter((t) => !stored.has(t));
      expect(missing).toEqual([]);
    }, 180_000); // two process starts and a crash recovery on a shared 2-core machine
});
