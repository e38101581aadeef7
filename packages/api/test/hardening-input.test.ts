// Input PostgreSQL would refuse is a 400 in the envelope (never a 500), and every
// error the framework raises itself (bad URL, long parameter, big headers, big body, content type, unknown
// route, malformed multipart) is in the envelope too.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { MAX_JSON_DEPTH } from '@posture-vision/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  databases,
  PASSWORD,
  registration,
  type SignedIn,
  signUp,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';

function expectEnvelope(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, error: { message: expect.any(String) } });
  expect(Array.isArray(res.body.error.details)).toBe(true);
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** JSON text nested `depth` objects deep (too deep for JSON.stringify's recursion in a test worker). */
const NESTED = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A raw request over a socket, for what fetch refuses to send (huge headers). */
function rawRequest(url: string, text: string): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

describe.each(databases)('input PostgreSQL would refuse, on %s', (kind) => {
  let server: TestServer;
  let user: SignedIn;
  let sessionId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    user = await signUp(server);
    const photos = (['front', 'left', 'right'] as const).map((viewType) => ({
      viewType,
      photoUrl: dataUrl(jpegLike(1500)),
    }));
    const cal = await server.http.post('/calibration', { photos, processWithML: false }, user.accessToken);
    const started = await server.http.post(
      '/sessions/start',
      { mode: 'active', calibrationId: cal.body.data.id },
      user.accessToken,
    );
    sessionId = started.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses impossible and year-0 dates with a 400 naming the field', async () => {
    for (const birthday of ['2024-02-31', '0000-01-01', '2023-02-29', '1990-13-01']) {
      const res = await server.http.post('/auth/register', registration(uniqueEmail(), { birthday }));
      expectEnvelope(res, 400);
      expect(res.body.error.details[0].field).toBe('birthday');
    }
    expect(
      (await server.http.post('/auth/register', registration(uniqueEmail(), { birthday: '2024-02-29' })))
        .status,
    ).toBe(201);
    const profile = await server.http.post(
      '/profile',
      {
        firstName: 'A',
        lastName: 'B',
        birthday: '2024-02-31',
        phoneNumber: '+15551234567',
        password: PASSWORD,
      },
      user.accessToken,
    );
    expectEnvelope(profile, 400);
    const feedback = await server.http.post(
      `/sessions/${sessionId}/feedback`,
      { postureStatus: 'good', timestamp: '0000-01-01T00:00:00Z' },
      user.accessToken,
    );
    expectEnvelope(feedback, 400);
    expect(feedback.body.error.details[0].field).toBe('timestamp');
    for (const path of ['/sessions/analytics', '/calibration/progress'])
      expectEnvelope(await server.http.get(`${path}?startDate=0000-01-01`, user.accessToken), 400);
    const photos = (['front', 'left', 'right'] as const).map((viewType) => ({
      viewType,
      photoUrl: dataUrl(jpegLike(1500)),
      capturedAt: '2023-02-30T10:00:00Z',
    }));
    expectEnvelope(
      await server.http.post('/calibration', { photos, processWithML: false }, user.accessToken),
      400,
    );
  });

  it('refuses NUL and unpaired surrogates in any text or JSON, and JSON nested too deep', async () => {
    for (const firstName of ['A\u0000B', 'A\uD800B', '\uDC00']) {
      const res = await server.http.post('/auth/register', registration(uniqueEmail(), { firstName }));
      expectEnvelope(res, 400);
      expect(res.body.error.details[0].field).toBe('firstName');
    }
    const bad: unknown[] = [{ note: 'x\u0000' }, { '\uD83D': 1 }, { deep: nested(MAX_JSON_DEPTH + 5) }];
    for (const details of bad)
      expectEnvelope(
        await server.http.post(
          `/sessions/${sessionId}/feedback`,
          { postureStatus: 'good', timestamp: new Date().toISOString(), details },
          user.accessToken,
        ),
        400,
      );
    // 6,000 deep in photo metadata and mlAnalysis (raw JSON text).
    const photoJson = (extra: string) =>
      `[${(['front', 'left', 'right'] as const)
        .map((v) => `{"viewType":"${v}","photoUrl":"${dataUrl(jpegLike(1500))}"${extra}}`)
        .join(',')}]`;
    const json = { token: user.accessToken, headers: { 'content-type': 'application/json' } };
    expectEnvelope(
      await server.http.call('POST', '/calibration', {
        ...json,
        raw: `{"processWithML":false,"photos":${photoJson(`,"metadata":${NESTED(6000)}`)}}`,
      }),
      400,
    );
    expectEnvelope(
      await server.http.call('POST', '/calibration', {
        ...json,
        raw: `{"processWithML":false,"photos":${photoJson('')},"mlAnalysis":{"overall_score":50,"x":${NESTED(6000)}}}`,
      }),
      400,
    );
    expectEnvelope(
      await server.http.call('POST', `/sessions/${sessionId}/feedback`, {
        ...json,
        raw: `{"postureStatus":"good","timestamp":"${new Date().toISOString()}","details":${NESTED(6000)}}`,
      }),
      400,
    );
    expectEnvelope(await server.http.get('/sessions/history?limit=%00', user.accessToken), 400);
    // Nothing of it was stored; feedback within the limit still is.
    const ok = await server.http.post(
      `/sessions/${sessionId}/feedback`,
      {
        postureStatus: 'good',
        timestamp: new Date().toISOString(),
        details: { deep: nested(MAX_JSON_DEPTH - 3) },
      },
      user.accessToken,
    );
    expect(ok.status).toBe(201);
    const stats = await server.http.get('/sessions/export/stats', user.accessToken);
    expect(stats.body.data.totalFeedbackLogs).toBe(1);
    expect((await server.http.get('/calibration/history', user.accessToken)).body.data).toHaveLength(1);
  });

  it('answers malformed multipart on the avatar upload with 400', async () => {
    const bodies: [string, string][] = [
      [
        'multipart/form-data',
        '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc',
      ],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc',
      ],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\nbroken`],
    ];
    for (const [type, raw] of bodies) {
      const res = await server.http.call('POST', '/profile/avatar', {
        token: user.accessToken,
        headers: { 'content-type': type },
        raw,
      });
      expectEnvelope(res, 400);
    }
  });

  it("shapes the framework's own errors in the envelope", async () => {
    expectEnvelope(await server.http.get('/sessions/%zz/report', user.accessToken), 400);
    expectEnvelope(await server.http.get(`/sessions/${'a'.repeat(150)}/report`, user.accessToken), 414);
    expectEnvelope(await server.http.get('/no/such/route'), 404);
    expectEnvelope(
      await server.http.call('POST', '/auth/login', {
        headers: { 'content-type': 'application/xml' },
        raw: '<x/>',
      }),
      415,
    );
    expectEnvelope(
      await server.http.call('POST', '/auth/login', {
        headers: { 'content-type': 'application/json' },
        raw: '{',
      }),
      400,
    );
    expectEnvelope(
      await server.http.call('POST', '/auth/login', {
        headers: { 'content-type': 'application/json' },
        raw: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      413,
    );
    const big = await rawRequest(
      server.url,
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(big.status).toBe(431);
    expect(big.body).toMatchObject({ success: false, error: { message: 'Request headers are too large.' } });
    // node:http's request, to be sure the answer is well-formed HTTP for ordinary clients too.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/health`, { headers: { 'x-big': 'a'.repeat(20_000) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
  });
});
