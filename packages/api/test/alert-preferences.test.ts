// Alert preferences have one owner, the API: a new user reads the defaults, a save is what the other
// browser (or the extension) reads back, bad values are a 4xx in the envelope, and users do not see each
// other's.
import { STAND_UP_MINUTES } from '@posture-vision/core/sessions';
import { DEFAULT_ALERT_PREFERENCES, WARNING_DELAY_S } from '@posture-vision/core/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';

describe.each(databases)('alert preferences on %s', (kind) => {
  let server: TestServer;
  let user: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [user, other] = await Promise.all([signUp(server), signUp(server)]);
  });
  afterAll(async () => server?.close());

  const read = async (who: SignedIn) => server.http.get('/profile/alert-preferences', who.accessToken);
  const save = (who: SignedIn, body: unknown) =>
    server.http.call('PUT', '/profile/alert-preferences', { body, token: who.accessToken });

  it('a new user has the defaults; a save is read back from anywhere, and only by its user', async () => {
    expect((await read(user)).body).toMatchObject({ success: true, data: DEFAULT_ALERT_PREFERENCES });
    const saved = await save(user, { sensitivity: 'low', warningDelaySeconds: 12, alertStyle: 'sound' });
    expect(saved.status).toBe(200);
    const stored = {
      sensitivity: 'low',
      warningDelaySeconds: 12,
      alertStyle: 'sound',
      standUpMinutes: STAND_UP_MINUTES.default,
      batteryMode: 'usual',
      quietInCalls: false,
      quietHours: null,
    };
    expect(saved.body.data).toEqual(stored);
    expect((await read(user)).body.data).toEqual(stored);
    expect((await read(other)).body.data).toEqual(DEFAULT_ALERT_PREFERENCES);
    // The bounds themselves are accepted.
    expect((await save(user, { sensitivity: 'high', warningDelaySeconds: WARNING_DELAY_S.max })).status).toBe(
      200,
    );
    expect((await save(user, { sensitivity: 'high', warningDelaySeconds: WARNING_DELAY_S.min })).status).toBe(
      200,
    );
    expect((await read(user)).body.data.warningDelaySeconds).toBe(WARNING_DELAY_S.min);
    // A save that does not name the style (an extension from before it) keeps the one stored.
    expect((await read(user)).body.data.alertStyle).toBe('sound');
  });

  it('keeps each alert style on the account', async () => {
    for (const alertStyle of ['badge', 'none', 'silent', 'sound']) {
      const body = {
        sensitivity: 'medium',
        warningDelaySeconds: 20,
        alertStyle,
        standUpMinutes: 50,
        batteryMode: 'usual',
        quietInCalls: false,
        quietHours: null,
      };
      expect((await save(other, body)).body.data).toEqual(body);
      expect((await read(other)).body.data).toEqual(body);
    }
    expect((await read(user)).body.data.alertStyle).toBe('sound');
  });

  it('keeps the stand-up reminder on the account: off, its bounds, and kept by a save without it', async () => {
    const base = {
      sensitivity: 'high',
      warningDelaySeconds: 30,
      alertStyle: 'silent',
      batteryMode: 'usual',
      quietInCalls: false,
      quietHours: null,
    };
    for (const standUpMinutes of [null, STAND_UP_MINUTES.min, STAND_UP_MINUTES.max, 30]) {
      expect((await save(other, { ...base, standUpMinutes })).body.data).toEqual({ ...base, standUpMinutes });
      expect((await read(other)).body.data.standUpMinutes).toBe(standUpMinutes);
    }
    await save(other, { ...base, standUpMinutes: null });
    expect((await save(other, base)).body.data.standUpMinutes).toBeNull();
    expect((await read(other)).body.data.standUpMinutes).toBeNull();
  });

  it('keeps the battery choice on the account, and a save without it (an older client) keeps the stored one', async () => {
    const base = { sensitivity: 'high', warningDelaySeconds: 30 };
    for (const batteryMode of ['slower', 'pause', 'usual', 'pause']) {
      expect((await save(other, { ...base, batteryMode })).body.data.batteryMode).toBe(batteryMode);
      expect((await read(other)).body.data.batteryMode).toBe(batteryMode);
    }
    expect((await save(other, base)).body.data.batteryMode).toBe('pause');
    expect((await read(other)).body.data.batteryMode).toBe('pause');
    expect((await read(user)).body.data.batteryMode).toBe('usual');
  });

  it('keeps quiet in calls and quiet hours on the account, across midnight too; a save without them keeps them', async () => {
    const base = { sensitivity: 'high', warningDelaySeconds: 30 };
    const night = { start: '22:30', end: '07:00' };
    const saved = await save(other, { ...base, quietInCalls: true, quietHours: night });
    expect(saved.body.data).toMatchObject({ quietInCalls: true, quietHours: night });
    expect((await read(other)).body.data).toMatchObject({ quietInCalls: true, quietHours: night });
    // An older client's save names neither: both stay.
    expect((await save(other, base)).body.data).toMatchObject({ quietInCalls: true, quietHours: night });
    // Turned off, each on its own.
    expect((await save(other, { ...base, quietHours: null })).body.data).toMatchObject({
      quietInCalls: true,
      quietHours: null,
    });
    expect((await save(other, { ...base, quietInCalls: false })).body.data).toMatchObject({
      quietInCalls: false,
      quietHours: null,
    });
    expect((await read(other)).body.data).toMatchObject({ quietInCalls: false, quietHours: null });
    expect((await read(user)).body.data).toMatchObject({ quietInCalls: false, quietHours: null });
  });

  it.each([
    [{ sensitivity: 'high', warningDelaySeconds: 10, quietInCalls: 'yes' }, 'quietInCalls'],
    [
      { sensitivity: 'high', warningDelaySeconds: 10, quietHours: { start: '09:00', end: '09:00' } },
      'quietHours',
    ],
    [
      { sensitivity: 'high', warningDelaySeconds: 10, quietHours: { start: '9am', end: '10:00' } },
      'quietHours',
    ],
    [{ sensitivity: 'high', warningDelaySeconds: 10, batteryMode: 'hibernate' }, 'batteryMode'],
    [
      { sensitivity: 'high', warningDelaySeconds: 10, standUpMinutes: STAND_UP_MINUTES.min - 10 },
      'standUpMinutes',
    ],
    [
      { sensitivity: 'high', warningDelaySeconds: 10, standUpMinutes: STAND_UP_MINUTES.max + 10 },
      'standUpMinutes',
    ],
    [{ sensitivity: 'high', warningDelaySeconds: 10, standUpMinutes: 45 }, 'standUpMinutes'],
    [{ sensitivity: 'high', warningDelaySeconds: 10, standUpMinutes: '50' }, 'standUpMinutes'],
    [{ sensitivity: 'extreme', warningDelaySeconds: 10 }, 'sensitivity'],
    [{ sensitivity: 'high', warningDelaySeconds: WARNING_DELAY_S.max + 1 }, 'warningDelaySeconds'],
    [{ sensitivity: 'high', warningDelaySeconds: -1 }, 'warningDelaySeconds'],
    [{ sensitivity: 'high', warningDelaySeconds: 2.5 }, 'warningDelaySeconds'],
    [{ sensitivity: 'high', warningDelaySeconds: '10' }, 'warningDelaySeconds'],
    [{ sensitivity: 'high', warningDelaySeconds: 10, alertStyle: 'blur' }, 'alertStyle'],
    [{}, 'sensitivity'],
  ])('refuses %j with a 400 naming %s, and keeps the stored value', async (body, field) => {
    const before = (await read(user)).body.data;
    const answer = await save(user, body);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(JSON.stringify(answer.body.error)).toContain(field);
    expect((await read(user)).body.data).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await server.http.get('/profile/alert-preferences')).status).toBe(401);
    expect((await server.http.call('PUT', '/profile/alert-preferences', { body: {} })).status).toBe(401);
  });
});
