// The client's request rules with a recording fetch: paths, headers, parsing, errors, fallback, tokens.
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  createMemoryStorage,
  failureText,
  NetworkError,
  normalizeProfile,
  storageRefreshTokenStore,
} from '../../src/api';
import { dashboardAnalytics } from '../../src/domain/analytics/contract';

interface Call {
  url: string;
  init: RequestInit;
}

function respond(status: number, body: unknown, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(status === 204 ? null : text, { status, headers: { 'content-type': type } });
}

function setup(
  handler: (call: Call) => Response | Promise<Response> = () => respond(200, { success: true }),
) {
  const calls: Call[] = [];
  const storage = createMemoryStorage({ token: 'tok-1' });
  const refreshStorage = createMemoryStorage();
  const logged: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test/',
    visionUrl: 'http://vision.test',
    storage,
    refreshTokenStore: storageRefreshTokenStore(refreshStorage),
    fetch: async (input, init = {}) => {
      const call = { url: String(input), init };
      calls.push(call);
      return handler(call);
    },
    navigate: () => {},
    currentPath: () => '/dashboard',
    logger: { warn: (message) => logged.push(message) },
  });
  return { api, calls, storage, refreshStorage, logged };
}

const headers = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe('requests', () => {
  it('sends JSON with credentials in cors mode and the bearer token on authenticated calls', async () => {
    const { api, calls } = setup();
    await api.sessions.start({ mode: 'active', calibrationId: 'c1' });
    expect(calls[0]?.url).toBe('http://api.test/sessions/start');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'include', mode: 'cors' });
    expect(headers(calls[0])).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer tok-1' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ mode: 'active', calibrationId: 'c1' });
  });

  it('labels only calls with a body as JSON (bodiless DELETE and end calls carry no content type)', async () => {
    const { api, calls } = setup();
    await api.profile.remove();
    await api.sessions.end('s1');
    await api.auth.logout();
    expect(calls[0]?.init).toMatchObject({ method: 'DELETE', body: undefined });
    expect(headers(calls[0])).toEqual({ Authorization: 'Bearer tok-1' });
    expect(headers(calls[1])).toEqual({ Authorization: 'Bearer tok-1' });
    expect(headers(calls[2])['Content-Type']).toBe('application/json');
    expect(calls[2]?.init.body).toBe('{}');
  });

  it('sends no bearer on the public calls', async () => {
    const { api, calls } = setup();
    await api.auth.register({
      firstName: 'A',
      lastName: 'B',
      birthday: '1990-01-01',
      countryCode: '+1',
      contactNo: '5551234567',
      phone: '+15551234567',
      email: 'a@b.c',
      password: 'Aa1!aaaa',
      confirmPassword: 'Aa1!aaaa',
    });
    await api.password.forgot('a@b.c');
    await api.auth.resendVerification('a@b.c');
    const summary = { goodSeconds: 60, poorSeconds: 30, notJudgedSeconds: 30, issues: { slouch: 1 } };
    await api.demo.sampleReport({ email: 'a@b.c', summary });
    for (const call of calls) expect(headers(call).Authorization).toBeUndefined();
    expect(calls.map((c) => c.url)).toEqual([
      'http://api.test/auth/register',
      'http://api.test/password/forgot-password',
      'http://api.test/auth/resend-verification',
      'http://api.test/demo/sample-report',
    ]);
    expect(JSON.parse(String(calls[3]?.init.body))).toEqual({ email: 'a@b.c', summary });
  });

  it('parses JSON when the content type says so and returns text otherwise', async () => {
    const { api } = setup((call) =>
      call.url.endsWith('/export/stats')
        ? respond(200, 'plain words', 'text/plain')
        : respond(200, { success: true, data: 1 }),
    );
    expect(await api.profile.exportStats()).toBe('plain words');
    expect(await api.calibration.active()).toEqual({ success: true, data: 1 });
  });

  it('maps every call to its method and path', async () => {
    const { api, calls } = setup();
    const blob = new Blob(['x'], { type: 'image/png' });
    const steps: [() => Promise<unknown>, string, string][] = [
      [() => api.profile.get(), 'GET', '/profile'],
      [
        () =>
          api.profile.update({ firstName: 'a', lastName: 'b', birthday: '', phoneNumber: '', password: 'p' }),
        'POST',
        '/profile',
      ],
      [() => api.profile.remove(), 'DELETE', '/profile'],
      [() => api.profile.uploadAvatar(blob, 'me.png'), 'POST', '/profile/avatar'],
      [() => api.profile.exportData('csv'), 'POST', '/profile/export?format=csv'],
      [() => api.profile.exportStats(), 'GET', '/profile/export/stats'],
      [() => api.calibration.statusDetailed(), 'GET', '/calibration/status/detailed'],
      [() => api.calibration.history(), 'GET', '/calibration/history'],
      [() => api.calibration.create({ photos: [], processWithML: true }), 'POST', '/calibration'],
      [() => api.calibration.recalibrationCheck(), 'GET', '/calibration/recalibration/check'],
      [() => api.calibration.processMl('7'), 'POST', '/calibration/7/process-ml'],
      [() => api.calibration.mlTestConnection(), 'GET', '/calibration/ml/test-connection'],
      [() => api.calibration.active(), 'GET', '/calibration/active'],
      [() => api.calibration.recommendations(), 'GET', '/calibration/recommendations'],
      [
        () => api.calibration.progress({ startDate: '2026-01-02', endDate: '2026-01-02' }),
        'GET',
        '/calibration/progress?startDate=2026-01-02&endDate=2026-01-02',
      ],
      [() => api.calibration.progress(), 'GET', '/calibration/progress'],
      [() => api.sessions.end('s9'), 'POST', '/sessions/s9/end'],
      [() => api.sessions.active(), 'GET', '/sessions/active'],
      [() => api.sessions.report('s9'), 'GET', '/sessions/s9/report'],
      [
        () => api.sessions.analytics({ startDate: '2026-01-01' }),
        'GET',
        '/sessions/analytics?startDate=2026-01-01',
      ],
      [() => api.sessions.history(), 'GET', '/sessions/history?limit=10'],
      [() => api.sessions.history(50), 'GET', '/sessions/history?limit=50'],
      [() => api.sessions.exportData('json'), 'GET', '/sessions/export?format=json'],
      [() => api.sessions.exportData(), 'GET', '/sessions/export'],
      [() => api.sessions.exportStats(), 'GET', '/sessions/export/stats'],
      [() => api.sessions.insights('s9'), 'GET', '/sessions/s9/insights'],
      [() => api.sessions.insights(), 'GET', '/sessions/insights'],
      [() => api.sessions.insights(undefined, '7d'), 'GET', '/sessions/insights?timeframe=7d'],
      [() => api.sessions.postureTrends(), 'GET', '/analytics/posture-trends?timeframe=30d'],
      [() => api.sessions.postureTrends('7d'), 'GET', '/analytics/posture-trends?timeframe=7d'],
      [() => api.security.deviceSessions(), 'GET', '/auth/sessions'],
      [() => api.security.logoutAllDevices(), 'DELETE', '/auth/sessions/all'],
      [() => api.security.setup2fa(), 'POST', '/auth/2fa/setup'],
      [() => api.security.enable2fa('123456'), 'POST', '/auth/2fa/enable'],
      [() => api.security.disable2fa('123456'), 'POST', '/auth/2fa/disable'],
      [() => api.security.verify2fa('123456'), 'POST', '/auth/2fa/verify'],
      [() => api.security.status2fa(), 'GET', '/auth/2fa/status'],
      [() => api.security.loginHistory({ limit: 10 }), 'GET', '/auth/login-history?limit=10'],
      [() => api.security.loginStats(), 'GET', '/auth/login-history/stats?days=30'],
      [
        () => api.password.change({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' }),
        'POST',
        '/password/change',
      ],
      [
        () => api.password.reset({ token: 't', newPassword: 'b', confirmNewPassword: 'b' }),
        'POST',
        '/password/reset-password',
      ],
    ];
    for (const [run, method, path] of steps) {
      await run();
      const call = calls.at(-1);
      expect([call?.init.method, call?.url]).toEqual([method, `http://api.test${path}`]);
    }
    const avatar = calls.find((c) => c.url.endsWith('/profile/avatar'));
    expect(avatar?.init.body).toBeInstanceOf(FormData);
    expect((avatar?.init.body as FormData | undefined)?.get('avatar')).toBeInstanceOf(Blob);
    expect(headers(avatar)['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
    const enable = calls.find((c) => c.url.endsWith('/2fa/enable'));
    expect(JSON.parse(String(enable?.init.body))).toEqual({ token: '123456' });
  });

  it('gives the Google sign-in path of the API', () => {
    expect(setup().api.auth.googleSignInUrl()).toBe('http://api.test/auth/google');
  });
});

describe('errors', () => {
  it('GET: the detail field', async () => {
    const { api } = setup(() => respond(500, { detail: 'Database down' }));
    await expect(api.calibration.active()).rejects.toMatchObject({
      message: 'Database down',
      status: 500,
      body: { detail: 'Database down' },
    });
  });

  it('GET: else the body text', async () => {
    const { api } = setup(() => respond(500, 'Bad gateway thing', 'text/plain'));
    await expect(api.calibration.active()).rejects.toMatchObject({
      message: 'Bad gateway thing',
      status: 500,
    });
  });

  it("GET: the envelope's error message, never the JSON text of the body", async () => {
    const body = { success: false, error: { message: 'Session not found.', details: [] } };
    const { api } = setup(() => respond(404, body));
    await expect(api.sessions.report('99999')).rejects.toMatchObject({
      message: 'Session not found.',
      status: 404,
    });
    const { api: bare } = setup(() => respond(500, { unexpected: true }));
    await expect(bare.calibration.active()).rejects.toMatchObject({ message: 'An error occurred' });
  });

  it("GET: else 'An error occurred'", async () => {
    const { api } = setup(() => respond(500, '', 'text/plain'));
    const error = await api.calibration.active().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('An error occurred');
  });

  it("POST: 'API Error' with status and body", async () => {
    const body = { success: false, error: { message: 'Incorrect', details: [] } };
    const { api } = setup(() => respond(400, body));
    const error = await api.auth.login({ email: 'a@b.c', password: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.message, error.status, error.body]).toEqual(['API Error', 400, body]);
  });

  it('a public call that cannot reach the server raises a NetworkError, not placeholder data', async () => {
    const { api } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.auth.login({ email: 'a@b.c', password: 'x' }).catch((e) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Failed to fetch');
    // What a user reads: that the server was not reached, the browser's reason, and what to do.
    expect(failureText(error)).toBe(
      'Could not reach the Posture Vision server: Failed to fetch. Check your connection and try again.',
    );
    // Any other failure keeps its own words (the server's reason).
    expect(failureText(new ApiError('Name already taken', 409, {}))).toBe('Name already taken');
    // A refused write says the server's words, not 'API Error' nor the envelope.
    const refused = new ApiError('API Error', 409, {
      success: false,
      error: { message: 'This session has already ended.', details: [] },
    });
    expect(failureText(refused)).toBe('This session has already ended.');
    expect(failureText('plain')).toBe('plain');
  });
});

describe('offline fallback', () => {
  const unreachable = () => {
    throw new TypeError('Failed to fetch');
  };

  it('network failure on the profile answers the placeholder profile, normalised like a real one', async () => {
    const { api } = setup(unreachable);
    expect(await api.profile.get()).toEqual({
      success: true,
      offline: true,
      data: {
        id: 'offline',
        firstName: 'Offline',
        lastName: 'User',
        email: '',
        birthday: '',
        phoneNumber: '',
        profilePicture: null,
      },
    });
  });

  it('a write that cannot reach the server fails instead of answering the placeholder', async () => {
    const { api } = setup(unreachable);
    await expect(api.profile.remove()).rejects.toBeInstanceOf(NetworkError);
    await expect(
      api.profile.update({
        firstName: 'A',
        lastName: 'B',
        birthday: '1990-01-01',
        phoneNumber: '+15551234567',
        password: 'x',
      }),
    ).rejects.toBeInstanceOf(NetworkError);
    await expect(api.profile.uploadAvatar(new Blob(['x']), 'a.png')).rejects.toBeInstanceOf(NetworkError);
  });

  it('a 404 of a real resource is not found, not "Service temporarily unavailable"', async () => {
    const { api } = setup(() => respond(404, { success: false, error: { message: 'Session not found.' } }));
    const error = await api.sessions.report('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
  });

  it('a 404 on history answers an empty list', async () => {
    const { api } = setup(() => respond(404, { detail: 'Not Found' }));
    expect(await api.sessions.history(5)).toEqual({ success: true, offline: true, data: [] });
  });

  it('network failure on analytics answers the stats and analytics shapes', async () => {
    const { api } = setup(unreachable);
    expect(await api.sessions.analytics()).toEqual({
      success: true,
      offline: true,
      data: {
        total_sessions: 0,
        total_time: 0,
        average_posture_score: 0,
        improvement_rate: 0,
        last_session_date: null,
        daily_averages: [],
        weekly_trends: [],
        posture_distribution: { good: 0, fair: 0, poor: 0 },
        scoreTrend: [],
      },
    });
    expect(dashboardAnalytics.safeParse((await api.sessions.analytics()).data).success).toBe(true);
  });

  it('the detailed calibration status answers the stats shape', async () => {
    const { api } = setup(unreachable);
    const answer = await api.calibration.statusDetailed();
    expect(answer.data).toEqual({
      total_sessions: 0,
      total_time: 0,
      average_posture_score: 0,
      improvement_rate: 0,
      last_session_date: null,
    });
  });

  it("any other path answers success false with 'Service temporarily unavailable'", async () => {
    const { api } = setup(unreachable);
    expect(await api.calibration.active()).toEqual({
      success: false,
      error: 'Service temporarily unavailable',
      offline: true,
    });
  });

  it('other statuses still fail', async () => {
    const { api } = setup(() => respond(500, { detail: 'boom' }));
    await expect(api.sessions.history()).rejects.toMatchObject({ status: 500 });
  });

  it('can be switched off', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test',
      storage: createMemoryStorage(),
      refreshTokenStore: storageRefreshTokenStore(createMemoryStorage()),
      fetch: async () => respond(404, { detail: 'Not Found' }),
      offlineFallback: false,
    });
    await expect(api.sessions.history()).rejects.toMatchObject({ status: 404, message: 'Not Found' });
  });
});

describe('tokens', () => {
  it('login stores the access token and the refresh token', async () => {
    const { api, storage, refreshStorage } = setup(() =>
      respond(200, {
        success: true,
        message: 'Login successful',
        accessToken: 'acc',
        refreshToken: 'ref',
        data: {},
      }),
    );
    const answer = await api.auth.login({ email: 'a@b.c', password: 'x' });
    expect(answer.accessToken).toBe('acc');
    expect(await storage.get('token')).toBe('acc');
    expect(await refreshStorage.get('refresh_token')).toBe('ref');
    expect(await api.auth.getToken()).toBe('acc');
  });

  it('admin login stores the adminToken only', async () => {
    const { api, storage } = setup(() => respond(200, { success: true, accessToken: 'adm' }));
    await api.auth.adminLogin({ email: 'a@b.c', password: 'x' });
    expect(await storage.get('adminToken')).toBe('adm');
    expect(await storage.get('token')).toBe('tok-1');
    expect(await api.auth.getAdminToken()).toBe('adm');
  });

  it('logout always clears token and refresh token, even when the call fails (only logged)', async () => {
    const { api, calls, storage, refreshStorage, logged } = setup(() => respond(500, { detail: 'x' }));
    await refreshStorage.set('refresh_token', 'ref');
    await api.auth.logout();
    expect(calls).toHaveLength(1); // no refresh attempt on logout
    expect(calls[0]?.url).toBe('http://api.test/auth/logout');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({});
    expect(headers(calls[0]).Authorization).toBe('Bearer tok-1');
    expect(await storage.get('token')).toBeNull();
    expect(await refreshStorage.get('refresh_token')).toBeNull();
    expect(logged).toEqual(['Logout call failed']);
  });

  it('isAuthenticated follows the user token or the admin token', async () => {
    const { api, storage } = setup();
    expect(await api.auth.isAuthenticated()).toBe(true);
    await storage.remove('token');
    expect(await api.auth.isAuthenticated()).toBe(false);
    await storage.set('adminToken', 'x');
    expect(await api.auth.isAuthenticated()).toBe(true);
  });

  it('storeTokens keeps the tokens handed over by the Google callback', async () => {
    const { api, storage, refreshStorage } = setup();
    await api.auth.storeTokens('g-acc', 'g-ref');
    expect(await storage.get('token')).toBe('g-acc');
    expect(await refreshStorage.get('refresh_token')).toBe('g-ref');
  });

  it('a failed feedback call is logged and answered as refused, never thrown', async () => {
    const { api, logged } = setup(() => respond(500, { detail: 'x' }));
    await expect(
      api.sessions.feedback('s1', { postureStatus: 'good', timestamp: '2026-01-01T00:00:00Z' }),
    ).resolves.toMatchObject({ sent: false, status: 500 });
    expect(logged).toEqual(['Posture feedback not sent']);
  });

  it("a feedback refused because the session has ended says so in the API's words", async () => {
    const { api } = setup(() =>
      respond(409, { success: false, error: { message: 'This session has already ended.' } }),
    );
    await expect(
      api.sessions.feedback('s1', { postureStatus: 'good', timestamp: '2026-01-01T00:00:00Z' }),
    ).resolves.toEqual({ sent: false, status: 409, message: 'This session has already ended.' });
  });
});

describe('profile read', () => {
  it('reads either spelling and keeps only the date part of the birthday', async () => {
    const { api } = setup(() =>
      respond(200, {
        success: true,
        data: {
          id: 3,
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@x.y',
          birthday: '1990-05-06T00:00:00.000Z',
          phone: '+15551234567',
          profile_picture: '/avatars/a.png',
        },
      }),
    );
    expect((await api.profile.get()).data).toEqual({
      id: '3',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@x.y',
      birthday: '1990-05-06',
      phoneNumber: '+15551234567',
      profilePicture: '/avatars/a.png',
    });
  });

  it('fills absent fields with empty values', () => {
    expect(normalizeProfile({})).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      birthday: '',
      phoneNumber: '',
      profilePicture: null,
    });
  });
});

describe('photo analysis (vision service)', () => {
  it('posts to the vision URL without authorization or cookies', async () => {
    const { api, calls } = setup(() => respond(200, { success: true, overall_score: 81 }));
    const answer = await api.photoAnalysis.batchAnalyze({
      front_image: 'f',
      left_image: 'l',
      right_image: 'r',
    });
    expect(answer.overall_score).toBe(81);
    expect(calls[0]?.url).toBe('http://vision.test/calibration/batch-analyze');
    expect(calls[0]?.init.credentials).toBe('omit');
    expect(headers(calls[0]).Authorization).toBeUndefined();
    await api.photoAnalysis.analyze({ image_data: 'd', view_type: 'front' });
    expect(calls[1]?.url).toBe('http://vision.test/calibration/analyze');
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ image_data: 'd', view_type: 'front' });
  });

  it("fails with 'ML analysis error: {status}' and 'ML batch analysis error: {status}'", async () => {
    const { api } = setup(() => respond(422, { success: false, error: { message: 'No person detected' } }));
    await expect(api.photoAnalysis.analyze({ image_data: 'd', view_type: 'left' })).rejects.toThrow(
      'ML analysis error: 422',
    );
    await expect(
      api.photoAnalysis.batchAnalyze({ front_image: 'f', left_image: 'l', right_image: 'r' }),
    ).rejects.toThrow('ML batch analysis error: 422');
  });
});

describe('default fetch', () => {
  it('uses the global fetch when none is injected', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(respond(200, { success: true, data: [] }));
    try {
      const api = createApiClient({
        baseUrl: 'http://api.test',
        storage: createMemoryStorage(),
        refreshTokenStore: storageRefreshTokenStore(createMemoryStorage()),
      });
      await api.sessions.history();
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the extension's sign-in code (a signed-in web app hands its session to the extension)", () => {
  it('asks with the bearer and the refresh token in the body, and answers the code', async () => {
    const { api, calls, refreshStorage } = setup(() =>
      respond(201, { success: true, data: { code: 'c-1', expires_in: 60 } }),
    );
    await refreshStorage.set('refresh_token', 'r-1');
    expect(await api.auth.extensionHandoff()).toBe('c-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://api.test/auth/sessions/extension/handoff');
    expect(headers(calls[0]).Authorization).toBe('Bearer tok-1');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ refresh_token: 'r-1' });
  });

  it('refreshes once on a refused token and asks again with the new refresh token', async () => {
    const { api, calls, refreshStorage } = setup(({ url, init }) => {
      if (url.endsWith('/auth/refresh'))
        return respond(200, { success: true, data: { access_token: 'tok-2', refresh_token: 'r-2' } });
      const bearer = (init.headers as Record<string, string>).Authorization;
      return bearer === 'Bearer tok-2'
        ? respond(201, { success: true, data: { code: 'c-2' } })
        : respond(401, { success: false, error: { message: 'Invalid or expired token.', details: [] } });
    });
    await refreshStorage.set('refresh_token', 'r-1');
    expect(await api.auth.extensionHandoff()).toBe('c-2');
    expect(calls.map((c) => c.url.replace('http://api.test', ''))).toEqual([
      '/auth/sessions/extension/handoff',
      '/auth/refresh',
      '/auth/sessions/extension/handoff',
    ]);
    expect(JSON.parse(String(calls[2]?.init.body))).toEqual({ refresh_token: 'r-2' });
  });

  it('answers null without a call when signed out, and null when the API refuses', async () => {
    const signedOut = setup();
    expect(await signedOut.api.auth.extensionHandoff()).toBeNull();
    expect(signedOut.calls).toEqual([]);
    const refused = setup(() => respond(403, { success: false, error: { message: 'No', details: [] } }));
    await refused.refreshStorage.set('refresh_token', 'r-1');
    expect(await refused.api.auth.extensionHandoff()).toBeNull();
  });
});
