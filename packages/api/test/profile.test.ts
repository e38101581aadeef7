import { profileExport } from '@posture-vision/core/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, PASSWORD, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';
import { png } from './images.ts';

function avatarForm(bytes: Buffer, name = 'me.png', field = 'avatar', type = 'image/png'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe.each(databases)('profile on %s', (kind) => {
  let server: TestServer;
  let user: SignedIn;
  beforeAll(async () => {
    server = await startTestServer(kind, { AVATAR_MAX_BYTES: String(64 * 1024) });
    user = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const update = {
    firstName: 'Grace',
    lastName: 'Hopper',
    birthday: '1985-06-01',
    phoneNumber: '+15557654321',
    password: PASSWORD,
  };

  it('reads the profile in the client shape', async () => {
    const res = await server.http.get('/profile', user.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: user.email,
      birthday: '1990-12-10',
      phoneNumber: '+15551234567',
      profilePicture: null,
    });
  });

  it('updates only with the current password and validates every field', async () => {
    const noPassword = await server.http.post(
      '/profile',
      { ...update, password: undefined },
      user.accessToken,
    );
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.message).toBe('Password is required to update profile.');
    const wrong = await server.http.post(
      '/profile',
      { ...update, password: 'Wrong!Pass1' },
      user.accessToken,
    );
    expect(wrong.status).toBe(400);
    const bad = await server.http.post(
      '/profile',
      { ...update, firstName: '', birthday: 'yesterday', phoneNumber: 123 },
      user.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'birthday',
      'firstName',
      'phoneNumber',
    ]);
    const good = await server.http.post('/profile', update, user.accessToken);
    expect(good.body).toMatchObject({ success: true, message: 'Profile updated successfully.' });
    const read = await server.http.get('/profile', user.accessToken);
    expect(read.body.data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', birthday: '1985-06-01' });
  });

  it('stores an avatar judged by its content, serves it back, and refuses non-images and big files', async () => {
    const image = png(16, 16);
    const up = await server.http.call('POST', '/profile/avatar', {
      raw: avatarForm(image, 'avatar.txt', 'avatar', 'text/plain'),
      token: user.accessToken,
    });
    expect(up.status).toBe(200);
    const url = up.body.data.profilePicture as string;
    expect(url).toMatch(/\/profile\/avatar\/.+\.png$/);
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect((await server.http.get('/profile', user.accessToken)).body.data.profilePicture).toBe(url);

    const text = await server.http.call('POST', '/profile/avatar', {
      raw: avatarForm(Buffer.from('hello, not an image'), 'x.png'),
      token: user.accessToken,
    });
    expect(text.status).toBe(400);
    expect(text.body.error.message).toBe('Only image files (JPEG, PNG, WebP or GIF) are allowed.');
    const big = await server.http.call('POST', '/profile/avatar', {
      raw: avatarForm(Buffer.concat([image, Buffer.alloc(100 * 1024)])),
      token: user.accessToken,
    });
    expect(big.status).toBe(413);
    const wrongField = await server.http.call('POST', '/profile/avatar', {
      raw: avatarForm(image, 'a.png', 'photo'),
      token: user.accessToken,
    });
    expect(wrongField.status).toBe(400);
    const json = await server.http.post('/profile/avatar', { avatar: 'x' }, user.accessToken);
    expect(json.status).toBe(400);
    const anonymous = await server.http.call('POST', '/profile/avatar', { raw: avatarForm(image) });
    expect(anonymous.status).toBe(401);
    expect((await server.http.get('/profile/avatar/../../etc/passwd')).status).toBe(404);
    expect((await server.http.get(`/profile/avatar/${user.userId}/${'0'.repeat(32)}.png`)).status).toBe(404);
  });

  it('exports profile data as JSON and CSV, with counts', async () => {
    const json = await server.http.post('/profile/export?format=json', {}, user.accessToken);
    expect(json.body.success).toBe(true);
    expect(json.body.data.profile.email).toBe(user.email);
    expect(json.body.data.loginHistory.length).toBeGreaterThan(0);
    // The export is the contract's shape: a client reads it with the schema the route answers with.
    expect(profileExport.strict().safeParse(json.body.data).success).toBe(true);
    const csv = await server.http.post('/profile/export?format=csv', {}, user.accessToken);
    const [head, row] = (csv.body.data as string).split('\n');
    expect(head).toBe('id,firstName,lastName,email,birthday,phoneNumber,profilePicture,createdAt');
    expect(row).toContain(user.email);
    expect((await server.http.post('/profile/export?format=xml', {}, user.accessToken)).status).toBe(400);
    const stats = await server.http.get('/profile/export/stats', user.accessToken);
    expect(stats.body.data).toEqual({
      profile: { totalRecords: 1 + json.body.data.loginHistory.length },
      sessions: { totalSessions: 0, totalFeedbackLogs: 0 },
    });
  });

  it('deletes the account with its files; its tokens and password stop working', async () => {
    const doomed = await signUp(server);
    const up = await server.http.call('POST', '/profile/avatar', {
      raw: avatarForm(png()),
      token: doomed.accessToken,
    });
    const avatarUrl = up.body.data.profilePicture as string;
    const del = await server.http.delete('/profile', doomed.accessToken);
    expect(del.body.success).toBe(true);
    expect((await fetch(avatarUrl)).status).toBe(404);
    expect((await server.http.get('/profile', doomed.accessToken)).status).toBe(401);
    expect((await server.http.post('/auth/login', { email: doomed.email, password: PASSWORD })).status).toBe(
      401,
    );
    // Others are untouched.
    expect((await server.http.get('/profile', user.accessToken)).status).toBe(200);
  });
});
