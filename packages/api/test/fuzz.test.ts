// Property-based fuzzing of every API route (fast-check). For any method, path parameter, query,
// body, content type and token: no 5xx, every error answer in the envelope, and a refused request (4xx)
// changes nothing stored. Run k targets route k mod n (the server's own route list), so every route is tried
// once the count reaches n; the rest of the request is random. Fixed seed and bounded count here; a longer
// run (README): `npm run fuzz -- --runs 20000 --seed <n>` (scripts/fuzz.mjs), or
//   FUZZ_RUNS=20000 FUZZ_SEED=<n> pnpm --filter @posture-vision/api exec vitest run test/fuzz.test.ts

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';
import { startVisionDouble, type VisionDouble } from './vision-double.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** The long run's time budget (scripts/fuzz.mjs --minutes): stop drawing after it, report what was tried. */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_S ?? 0) * 1000;

/** Every route of the server, from Fastify's own route tree. */
function routesOf(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (!m) continue;
    const depth = (m[1] as string).length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = full;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path: full });
  }
  return routes;
}

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '😀',
  '2024-02-31',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2024-02-29T12:00:00+14:00',
  '-1',
  '1e308',
  'NaN',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%zz',
  'x'.repeat(300),
  'a@b.co',
  'Str0ng!Pass',
  '123456',
  'active',
  'good',
  'front',
  'json',
  'csv',
  '7d',
];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => `x${String.fromCharCode(c)}`),
);

function deep(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

const value: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 30, max: 80 }).map(deep),
  fc.array(nastyString, { maxLength: 4 }),
);

const FIELDS = [
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'birthday',
  'countryCode',
  'contactNo',
  'phone',
  'phoneNumber',
  'token',
  'newPassword',
  'confirmNewPassword',
  'currentPassword',
  'refresh_token',
  'totpCode',
  'mode',
  'calibrationId',
  'postureStatus',
  'timestamp',
  'details',
  'photos',
  'processWithML',
  'mlAnalysis',
  'profilePicture',
  'recalibrationFrequency',
  'code',
];

const QUERY_KEYS = ['startDate', 'endDate', 'limit', 'format', 'timeframe', 'days', 'token', 'code', 'state'];

describe('fuzz: every API route', () => {
  let server: TestServer;
  let user: SignedIn;
  let ids: { calibration: string; session: string };
  let routes: { method: string; path: string }[];
  let vision: VisionDouble;

  async function fixture() {
    user = await signUp(server);
    const photos = (['front', 'left', 'right'] as const).map((viewType) => ({
      viewType,
      photoUrl: dataUrl(jpegLike(1500)),
    }));
    const cal = await server.http.post('/calibration', { photos, processWithML: false }, user.accessToken);
    const s = await server.http.post(
      '/sessions/start',
      { mode: 'active', calibrationId: cal.body.data.id },
      user.accessToken,
    );
    ids = { calibration: cal.body.data.id, session: s.body.data.id };
  }

  beforeAll(async () => {
    vision = await startVisionDouble();
    // Limits high enough that the fuzzer is not simply answered 429.
    server = await startTestServer('pglite', {
      RATE_LIMIT_REGISTER_ADDRESS_MAX: '100000',
      RATE_LIMIT_MAIL_ADDRESS_MAX: '100000',
      RATE_LIMIT_LOGIN_ADDRESS_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
      VISION_URL: vision.url,
    });
    routes = routesOf(server.app.printRoutes({ commonPrefix: false }));
    await fixture();
    // A server start on a busy machine (the long run runs at nice 10) can take minutes.
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    await vision?.close();
  });

  /**
   * Everything stored, as one digest per table. Left out by design: sign-in attempts (a refused login is
   * recorded for the login history) and a device session's last activity (touched by any authenticated call).
   */
  async function digest(): Promise<Record<string, string>> {
    const tables = (await server.app.ctx.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'login_events'`,
    )) as unknown as { rows: { tablename: string }[] };
    const out: Record<string, string> = {};
    for (const { tablename } of tables.rows) {
      const columns = tablename === 'device_sessions' ? 'id, user_id, revoked_at' : '*';
      const r = (await server.app.ctx.db.execute(
        sql.raw(
          `select count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as d from (select ${columns} from "${tablename}") x`,
        ),
      )) as unknown as { rows: { d: string }[] };
      out[tablename] = r.rows[0]?.d ?? '';
    }
    return out;
  }

  const request = fc.record({
    route: fc.integer({ min: 0, max: 10_000 }),
    // Mostly the route's own method; sometimes another (405/404 paths).
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') },
    ),
    param: fc.oneof(
      fc.constantFrom('calibration', 'session', 'user'),
      fc.uuid(),
      nastyString.map((v) => {
        try {
          return encodeURIComponent(v);
        } catch {
          return '%ED%A0%80'; // a lone surrogate, as UTF-8 bytes no decoder accepts
        }
      }),
      fc.constantFrom('%zz', '%', 'a'.repeat(120), 'front', 'left', '..', '%2e%2e'),
    ),
    query: fc.dictionary(fc.constantFrom(...QUERY_KEYS), nastyString.map(String), { maxKeys: 3 }),
    body: fc.oneof(
      fc.constant(undefined),
      fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
      value,
      fc.record({
        raw: fc.string({ maxLength: 200 }),
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/xml',
          'image/png',
        ),
      }),
    ),
    token: fc.oneof(
      { weight: 4, arbitrary: fc.constant('valid') },
      { weight: 1, arbitrary: fc.constantFrom('none', 'garbage', 'admin-like') },
    ),
  });

  it(
    `answers ${RUNS} random requests without a 5xx, in the envelope, storing nothing when refusing`,
    async () => {
      const counts = { requests: 0, refused: 0, byStatus: {} as Record<number, number> };
      const tried = new Set<string>();
      let run = 0;
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          // The first n runs call every route in turn with its own method; later ones draw route and method.
          const sweep = run < routes.length;
          const route = routes[(sweep ? run : r.route) % routes.length] as { method: string; path: string };
          run += 1;
          const method = sweep ? route.method : (r.method ?? route.method);
          if (method === route.method) tried.add(`${route.method} ${route.path}`);
          const path = route.path.replace(/:[A-Za-z]+/g, (name) => {
            if (r.param === 'calibration') return ids.calibration;
            if (r.param === 'session') return ids.session;
            if (r.param === 'user') return user.userId;
            return name === ':view' ? 'front' : r.param;
          });
          const qs = new URLSearchParams(r.query).toString();
          const url = `${path}${qs ? `?${qs}` : ''}`;
          const token =
            r.token === 'valid'
              ? user.accessToken
              : r.token === 'garbage'
                ? 'x.y.z'
                : r.token === 'admin-like'
                  ? `${user.accessToken}x`
                  : undefined;
          const before = await digest();
          let res: Answer;
          const b = r.body as { raw?: string; type?: string } | undefined;
          const bodiless = method === 'GET' || method === 'HEAD';
          if (bodiless) res = await server.http.call(method, url, { token });
          else if (b && typeof b === 'object' && 'raw' in b && 'type' in b && Object.keys(b).length === 2)
            res = await server.http.call(method, url, {
              token,
              headers: { 'content-type': b.type as string },
              raw: b.raw,
            });
          else if (r.body === undefined) res = await server.http.call(method, url, { token });
          else res = await server.http.call(method, url, { token, body: r.body });
          counts.requests += 1;
          counts.byStatus[res.status] = (counts.byStatus[res.status] ?? 0) + 1;
          expect(res.status, `${method} ${url} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
          if (res.status >= 400) {
            counts.refused += 1;
            expect(res.body, `${method} ${url}`).toMatchObject({
              success: false,
              error: { message: expect.any(String), details: expect.any(Array) },
            });
            expect(await digest(), `${method} ${url} changed data while refused`).toEqual(before);
          }
          // A request may legitimately end the fixture (logout, delete the account, a new calibration): renew it.
          if ((await server.http.get(`/sessions/${ids.session}/report`, user.accessToken)).status !== 200)
            await fixture();
          else if (
            (await server.http.get('/sessions/active', user.accessToken)).body.data?.id !== ids.session
          )
            await fixture();
        }),
        {
          numRuns: RUNS,
          seed: SEED,
          endOnFailure: true,
          ...(TIME_LIMIT_MS ? { interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false } : {}),
        },
      );
      console.log(
        `fuzz (seed ${SEED}): ${counts.requests} requests over ${tried.size} of ${routes.length} routes, ${counts.refused} refused, statuses ${JSON.stringify(counts.byStatus)}`,
      );
      if (!TIME_LIMIT_MS) expect(counts.requests).toBe(RUNS);
      // Every route of the server was called with its own method (the suite's 300 runs exceed the route count).
      if (counts.requests >= routes.length)
        expect(routes.filter((x) => !tried.has(`${x.method} ${x.path}`))).toEqual([]);
    },
    Math.max(600_000, TIME_LIMIT_MS ? TIME_LIMIT_MS + 120_000 : RUNS * 1_000),
  ); // about 0.2 s a request on a loaded 2-core machine; ample room
});
