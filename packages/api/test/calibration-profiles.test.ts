// Calibration profiles: one live reference per desk setup, named by the user, stored on the API so they
// follow the user to another browser.
import { calibrationProfileResponse, calibrationProfilesResponse } from '@posture-vision/core/calibration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';

const reference = (shift = 0) => ({
  keypoints: Array.from({ length: 17 }, (_, i) => ({ x: 0.3 + i * 0.02 + shift, y: 0.4, score: 0.9 })),
  frame: { width: 640, height: 480 },
});

describe.each(databases)('calibration profiles on %s', (kind) => {
  let server: TestServer;
  let user: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [user, other] = await Promise.all([signUp(server), signUp(server)]);
  });
  afterAll(async () => server?.close());

  const list = async (who: SignedIn) =>
    (await server.http.get('/calibration/profiles', who.accessToken)).body.data as {
      id: string;
      name: string;
      active: boolean;
      setup: string;
      reference: unknown;
    }[];

  it('creates named profiles per setup; the first is active; switching activates exactly one', async () => {
    expect(await list(user)).toEqual([]);
    const laptop = await server.http.post(
      '/calibration/profiles',
      { name: 'Laptop at home', setup: 'laptop', reference: reference() },
      user.accessToken,
    );
    expect(laptop.status).toBe(201);
    expect(laptop.body.data).toMatchObject({ name: 'Laptop at home', setup: 'laptop', active: true });
    expect(calibrationProfileResponse.safeParse(laptop.body).success).toBe(true);
    const desk = await server.http.post(
      '/calibration/profiles',
      { name: 'Office monitor', setup: 'desk_monitor' },
      user.accessToken,
    );
    expect(desk.status).toBe(201);
    expect(desk.body.data).toMatchObject({ active: false, reference: null });

    const switched = await server.http.post(
      `/calibration/profiles/${desk.body.data.id}/activate`,
      {},
      user.accessToken,
    );
    expect(switched.status).toBe(200);
    expect((await list(user)).map((p) => [p.name, p.active])).toEqual([
      ['Laptop at home', false],
      ['Office monitor', true],
    ]);

    // Calibrating the live monitor in a profile stores its reference there (another browser reads it back).
    // With the light it was taken in, which a session judged against it later compares with its own.
    const lit = { ...reference(0.05), light: 0.82 };
    const calibrated = await server.http.call('PATCH', `/calibration/profiles/${desk.body.data.id}`, {
      body: { reference: lit },
      token: user.accessToken,
    });
    expect(calibrated.status).toBe(200);
    expect((await list(user))[1]?.reference).toEqual(lit);
    // Core's contract: what the clients' CalibrationProfile type says they read.
    const listed = await server.http.get('/calibration/profiles', user.accessToken);
    expect(calibrationProfilesResponse.safeParse(listed.body).success).toBe(true);

    // Another user sees none of them and cannot touch them.
    expect(await list(other)).toEqual([]);
    const foreign = await server.http.post(
      `/calibration/profiles/${desk.body.data.id}/activate`,
      {},
      other.accessToken,
    );
    expect(foreign.status).toBe(404);

    // Deleting the active one hands 'active' to the remaining profile.
    expect(
      (await server.http.delete(`/calibration/profiles/${desk.body.data.id}`, user.accessToken)).status,
    ).toBe(200);
    expect((await list(user)).map((p) => [p.name, p.active])).toEqual([['Laptop at home', true]]);
  });

  it('keeps a reference in which the model did not find every part (null there) and answers it as stored', async () => {
    const created = await server.http.post(
      '/calibration/profiles',
      { name: 'Partly seen', setup: 'laptop' },
      other.accessToken,
    );
    expect(created.status).toBe(201);
    const partly = reference();
    partly.keypoints[16] = { x: null, y: null, score: 0.1 } as never;
    const updated = await server.http.call('PATCH', `/calibration/profiles/${created.body.data.id}`, {
      body: { reference: partly },
      token: other.accessToken,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.reference).toEqual(partly);
    const read = (await list(other)).find((p) => p.id === created.body.data.id);
    expect(read?.reference).toEqual(partly);
  });

  it("lets the web app's page update a profile: the browser's preflight allows PATCH from its origin", async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/calibration/profiles/any',
      headers: {
        origin: server.config.webOrigins[0] as string,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(server.config.webOrigins[0]);
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toContain('PATCH');
  });

  it('refuses bad profiles with a clear 4xx naming the field', async () => {
    const post = (body: unknown) => server.http.post('/calibration/profiles', body, user.accessToken);
    const cases: [unknown, number, string][] = [
      [{ setup: 'laptop' }, 400, 'name'],
      [{ name: '   ', setup: 'laptop' }, 400, 'name'],
      [{ name: 'x'.repeat(41), setup: 'laptop' }, 400, 'name'],
      [{ name: 'Sofa', setup: 'sofa' }, 400, 'setup'],
      [
        {
          name: 'Bad ref',
          setup: 'laptop',
          reference: { keypoints: [], frame: { width: 640, height: 480 } },
        },
        400,
        'reference.keypoints',
      ],
      [{ name: 'Bad ref', setup: 'laptop', reference: 'image.jpg' }, 400, 'reference'],
      [{ name: 'Bad ref', setup: 'laptop', reference: { ...reference(), light: 3 } }, 400, 'reference.light'],
      [{ name: 'Laptop at home', setup: 'standing' }, 409, 'name'],
    ];
    for (const [body, status, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.error.details[0].field).toBe(field);
    }
    const empty = await server.http.call('PATCH', '/calibration/profiles/not-an-id', {
      body: { name: 'x' },
      token: user.accessToken,
    });
    expect(empty.status).toBe(404);
    expect((await server.http.get('/calibration/profiles')).status).toBe(401);
  });

  it('keeps at most ten profiles per user', async () => {
    const before = (await list(user)).length;
    for (let i = before; i < 10; i++) {
      const res = await server.http.post(
        '/calibration/profiles',
        { name: `Setup ${i}`, setup: 'other' },
        user.accessToken,
      );
      expect(res.status).toBe(201);
    }
    const eleventh = await server.http.post(
      '/calibration/profiles',
      { name: 'One more', setup: 'other' },
      user.accessToken,
    );
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.message).toMatch(/At most 10/);
  });
});
