// The client against the real API process (packages/api): register, verify by the outbox link, sign in,
// profile, session refresh with rotating refresh tokens (alone and with concurrent callers), the posture
// monitor's session with its feedback, logout.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { personPhotoDataUrl } from '@posture-vision/testkit/media';
import { type RunningService, startApi } from '@posture-vision/testkit/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseFrame, createReference, initialPostureState } from '../../src/analysis';
import {
  ApiError,
  createApiClient,
  createMemoryStorage,
  type RefreshLocks,
  storageRefreshTokenStore,
} from '../../src/api';
import { authErrorMessage, registrationPayload } from '../../src/auth';
import { parseDetectionFrame } from '../../src/detection';
import type { Keypoint } from '../../src/domain/detection/frame';
import { createPostureMonitor } from '../../src/sessions';
import { POSE_FRAME, slouched, upright } from '../analysis/poses';
import { emptyFrame } from '../detection/frames';

let api: RunningService;
let c: ReturnType<typeof client>;

beforeAll(async () => {
  api = await startApi({
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    API_LOG: 'off',
    RATE_LIMIT_MAX: '1000',
  });
  c = client();
}, 90_000);

afterAll(async () => {
  await api?.stop();
});

function verificationLink(email: string): string {
  const dir = join(api.dataDir, 'outbox');
  const mails = readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; links: string[] });
  const link = mails.filter((m) => m.to === email).at(-1)?.links[0];
  if (!link) throw new Error(`no verification mail to ${email}`);
  return link;
}

/**
 * The browser's Web Locks as two tabs of one origin see them: one lock manager, callbacks run one after the
 * other per name (the edge the session code talks to; Node 20 has no navigator.locks).
 */
function sharedLocks(): RefreshLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback, callback);
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

function client(
  shared: {
    storage?: ReturnType<typeof createMemoryStorage>;
    refreshStorage?: ReturnType<typeof createMemoryStorage>;
    refreshCalls?: string[];
    locks?: RefreshLocks;
  } = {},
) {
  const storage = shared.storage ?? createMemoryStorage();
  const refreshStorage = shared.refreshStorage ?? createMemoryStorage();
  const refreshCalls: string[] = shared.refreshCalls ?? [];
  const expired: string[] = [];
  const api_ = createApiClient({
    baseUrl: api.url,
    storage,
    refreshTokenStore: storageRefreshTokenStore(refreshStorage),
    fetch: (input, init) => {
      if (String(input).endsWith('/auth/refresh')) refreshCalls.push(String(init?.body));
      return fetch(input, init);
    },
    onSessionExpired: (message) => expired.push(message),
    navigate: () => {},
    currentPath: () => '/dashboard',
    offlineFallback: false,
    ...(shared.locks ? { locks: shared.locks } : {}),
  });
  return { api: api_, storage, refreshStorage, refreshCalls, expired };
}

describe('the client against the real API', () => {
  const email = `core.${Date.now()}@example.com`;
  const password = 'Str0ng!Pass';

  it('registers, verifies by the mailed link and signs in, storing both tokens', async () => {
    const form = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthday: '1990-12-10',
      countryCode: '+1',
      contactNo: '5551234567',
      email,
      password,
      confirmPassword: password,
      acceptPrivacy: true,
    };
    const registered = await c.api.auth.register(registrationPayload(form));
    expect(registered.success).toBe(true);
    const verified = await fetch(verificationLink(email), { redirect: 'manual' });
    expect(verified.status).toBe(302);

    const wrong = await c.api.auth.login({ email, password: 'Wr0ng!Pass' }).catch((e) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong.status).toBe(401);
    expect(authErrorMessage(wrong)).not.toBe('');

    const login = await c.api.auth.login({ email, password });
    expect(login.success).toBe(true);
    expect(await c.storage.get('token')).toBe(login.accessToken);
    expect(await c.refreshStorage.get('refresh_token')).toBe(login.refreshToken);
  });

  it('reads the profile with the bearer token', async () => {
    const profile = await c.api.profile.get();
    expect(profile.data).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      birthday: '1990-12-10',
    });
  });

  it('a rejected access token is refreshed once and the call retried; the refresh token rotates', async () => {
    const before = await c.refreshStorage.get('refresh_token');
    await c.storage.set('token', 'not-a-valid-token');
    const profile = await c.api.profile.get();
    expect(profile.success).toBe(true);
    expect(c.refreshCalls).toHaveLength(1);
    const after = await c.refreshStorage.get('refresh_token');
    expect(after).not.toBe(before);
    expect(await c.storage.get('token')).not.toBe('not-a-valid-token');
  });

  it('concurrent callers with a rejected token share one refresh (rotation would reject a second)', async () => {
    c.refreshCalls.length = 0;
    await c.storage.set('token', 'not-a-valid-token');
    const answers = await Promise.all([
      c.api.profile.get(),
      c.api.profile.exportStats(),
      c.api.security.status2fa(),
      c.api.sessions.history(5),
      c.api.calibration.statusDetailed(),
    ]);
    expect(answers.map((a) => a.success)).toEqual([true, true, true, true, true]);
    expect(c.refreshCalls).toHaveLength(1);
    expect(c.expired).toEqual([]);
  });

  it("a slouch decided by core's analysis reaches the API as a slouch, through the frame and the monitor", async () => {
    const photo = personPhotoDataUrl('woman');
    const calibration = await c.api.calibration.create({
      photos: (['front', 'left', 'right'] as const).map((viewType) => ({
        viewType,
        photoUrl: photo,
        metadata: {},
      })),
      processWithML: false,
    });
    expect(calibration.success).toBe(true);

    let clock = Date.parse('2026-11-24T09:00:00Z');
    const monitor = createPostureMonitor({ api: c.api, type: 'realtime', now: () => clock });
    expect(await monitor.checkCalibration()).toMatchObject({ ok: true });
    const started = await monitor.start('active');
    if (!started.ok) throw new Error(started.message);

    // The producer's side, as the vision service does it: core's analysis → frame JSON with the verdict.
    const reference = createReference(upright(), POSE_FRAME);
    let state = initialPostureState();
    const send = (keypoints: Keypoint[]) => {
      const analysed = analyseFrame(state, { keypoints, time: clock, frame: POSE_FRAME }, reference);
      state = analysed.state;
      const produced = {
        ...emptyFrame(),
        hns: { poses: [keypoints], boxes: [], emotions: [] },
        ...analysed.posture,
      };
      const parsed = parseDetectionFrame(JSON.stringify(produced));
      if (parsed.kind !== 'frame') throw new Error('the produced frame did not parse');
      monitor.frame(parsed.frame);
    };
    for (let t = 0; t < 2000; t += 100, clock += 100) send(upright());
    for (let t = 0; t < 6000; t += 100, clock += 100) send(slouched());
    expect(await monitor.end()).toEqual({ ok: true, sessionId: started.sessionId, kept: true });

    const report = await c.api.sessions.report(started.sessionId);
    const poor = report.data?.timeline.filter((p) => p.postureStatus === 'poor') ?? [];
    expect(poor.length).toBeGreaterThan(0);
    expect(poor.every((p) => p.issue === 'slouch')).toBe(true);
    expect(report.data?.timeline.some((p) => p.issue === 'shoulder_asymmetry')).toBe(false);
  });

  it('two tabs with a rejected token share one refresh through the browser lock, and neither is logged out', async () => {
    // Two tabs of one browser: their own clients, the same localStorage and refresh cookie, one lock manager.
    const refreshCalls: string[] = [];
    const shared = {
      storage: c.storage,
      refreshStorage: c.refreshStorage,
      refreshCalls,
      locks: sharedLocks(),
    };
    const [tabA, tabB] = [client(shared), client(shared)];
    await c.storage.set('token', 'not-a-valid-token');
    const answers = await Promise.all([tabA.api.profile.get(), tabB.api.profile.get()]);
    expect(answers.map((a) => a.success)).toEqual([true, true]);
    expect(refreshCalls).toHaveLength(1);
    expect([...tabA.expired, ...tabB.expired]).toEqual([]);
    // The pair the one refresh stored still works for both.
    expect((await tabB.api.sessions.history(1)).success).toBe(true);
  });

  it('logout clears both tokens and the server no longer accepts the old refresh token', async () => {
    const oldRefresh = await c.refreshStorage.get('refresh_token');
    await c.api.auth.logout();
    expect(await c.storage.get('token')).toBeNull();
    expect(await c.refreshStorage.get('refresh_token')).toBeNull();
    const reuse = await fetch(`${api.url}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: oldRefresh }),
    });
    expect(reuse.status).toBe(401);
  });
});
