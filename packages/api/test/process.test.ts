// The API as a real process (testkit's startApi): admin CLI, CORS and security headers, graceful stop on SIGTERM,
// and a restart that loses nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningService, startApi } from '@posture-vision/testkit/services';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Http, lastMailTo, PASSWORD, registration, TEST_ENV, uniqueEmail } from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';
import { measured, startVisionDouble, type VisionDouble } from './vision-double.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'Adm1n!Secret' };

// One real process on the default (embedded) database; every route is also tested on PostgreSQL in-process.
describe('the API process', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let api: RunningService | undefined;
  let vision: VisionDouble;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pv-api-process-'));
    vision = await startVisionDouble();
    env = { ...TEST_ENV, API_LOG: 'on', VISION_URL: vision.url };
    cpSync(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
  });
  afterAll(async () => {
    await api?.stop();
    await vision?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an admin with the CLI, refusing a weak password', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin-create.ts', ...args], {
        cwd: packageDir,
        env: { ...process.env, ...env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    const weak = run(ADMIN.email, 'weak');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toContain('Password must be at least 8 characters long.');
    const ok = run(ADMIN.email, ADMIN.password);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`admin ${ADMIN.email} is ready`);
  });

  it('serves the accounts flow, CORS for the web origin only, security headers; keeps everything across a restart', async () => {
    api = await startApi(env, dataDir);
    let http = new Http(api.url);

    const preflight = await fetch(`${api.url}/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await fetch(`${api.url}/health`, { headers: { origin: 'http://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('x-content-type-options')).toBe('nosniff');
    expect(foreign.headers.get('strict-transport-security')).toBeTruthy();

    const admin = await http.post('/auth/admin/login', ADMIN);
    expect(admin.status).toBe(200);
    expect(admin.body.message).toBe('Admin login successful');
    expect((await http.get('/profile', admin.body.accessToken)).status).toBe(403);
    expect((await http.post('/auth/admin/login', { ...ADMIN, password: 'Wrong!Pass1' })).status).toBe(401);

    const email = uniqueEmail();
    expect((await http.post('/auth/register', registration(email))).status).toBe(201);
    const link = lastMailTo(dataDir, email).links[0] as string;
    const running = api;
    // The log names the mail, never the address or the link (personal data; the link carries a token).
    await expect.poll(() => running.output()).toContain('mail written to outbox');
    expect(running.output()).not.toContain(link);
    expect(running.output()).not.toContain(email);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    const login = await http.post('/auth/login', { email, password: PASSWORD });
    expect(api.output()).not.toContain(login.body.accessToken);
    const token = login.body.accessToken as string;
    const photos = (['front', 'left', 'right'] as const).map((viewType) => ({
      viewType,
      photoUrl: dataUrl(jpegLike(1500)),
    }));
    const calibration = await http.post(
      '/calibration',
      { photos, processWithML: false, mlAnalysis: await measured(photos) },
      token,
    );
    const session = await http.post(
      '/sessions/start',
      { mode: 'active', calibrationId: calibration.body.data.id },
      token,
    );
    const sessionId = session.body.data.id as string;
    for (let i = 0; i < 5; i++)
      await http.post(
        `/sessions/${sessionId}/feedback`,
        { postureStatus: 'good', timestamp: new Date().toISOString() },
        token,
      );

    await api.stop();
    expect(running.output()).toContain('SIGTERM: closing');
    api = await startApi(env, dataDir);
    http = new Http(api.url);

    // Same signing key: the access token from before the restart still verifies; the refresh token rotates.
    expect((await http.get('/profile', token)).body.data.email).toBe(email);
    expect((await http.post('/auth/refresh', { refresh_token: login.body.refreshToken })).status).toBe(200);
    expect((await http.get('/calibration/history', token)).body.data).toHaveLength(1);
    expect((await http.get('/sessions/export/stats', token)).body.data).toEqual({
      totalSessions: 1,
      totalFeedbackLogs: 5,
    });
    expect((await http.get('/sessions/active', token)).body.data.id).toBe(sessionId);
    expect((await http.post('/auth/admin/login', ADMIN)).status).toBe(200);
  });
});
