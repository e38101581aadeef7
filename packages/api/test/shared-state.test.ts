// Two API instances on one PostgreSQL database, each with its own data directory (as on two hosts): nothing
// that matters sits on one instance's disk. They publish one signing key, so a token signed by one is verified
// by the other; a file uploaded through one (avatar, calibration photo) is served by the other, and goes with the
// account whichever instance deletes it. The key can also come from API_SIGNING_KEY, and a key file of an
// earlier deployment is taken over so tokens already handed out stay valid.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKeys } from '../src/auth/keys.ts';
import { openDatabase } from '../src/db/index.ts';
import {
  createPostgresDatabase,
  PASSWORD,
  type SignedIn,
  signUp,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { dataUrl, jpegLike, png } from './images.ts';
import { measured, startVisionDouble, type VisionDouble } from './vision-double.ts';

function avatarForm(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  return form;
}

async function privateJwk() {
  const pair = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(pair.privateKey)), kid: randomUUID(), alg: 'ES256' };
}

describe('two API instances on one database, each with its own data directory', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: TestServer;
  let b: TestServer;
  let vision: VisionDouble;
  let user: SignedIn;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One after the other, as the cluster starts them (migrations are not run by two at once); two instances
    // racing to create the key are tested below.
    vision = await startVisionDouble();
    a = await startTestServer('pglite', { DATABASE_URL: database.url, VISION_URL: vision.url });
    b = await startTestServer('pglite', { DATABASE_URL: database.url, VISION_URL: vision.url });
    user = await signUp(a);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), vision?.close()]);
    await database?.drop();
  });

  it('publish one key: a token signed by one instance is verified by the other', async () => {
    const [jwksA, jwksB] = await Promise.all([
      a.http.get('/.well-known/jwks.json'),
      b.http.get('/.well-known/jwks.json'),
    ]);
    expect(jwksA.body.keys).toHaveLength(1);
    expect(jwksB.body.keys).toEqual(jwksA.body.keys);
    const profile = await b.http.get('/profile', user.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body.data.email).toBe(user.email);
    // And the other way round: signed in through b, read through a.
    const login = await b.http.post('/auth/login', { email: user.email, password: PASSWORD });
    expect((await a.http.get('/profile', login.body.accessToken)).status).toBe(200);
    // No key file on either disk.
    for (const server of [a, b]) expect(existsSync(join(server.dataDir, 'keys'))).toBe(false);
  });

  it('serve an avatar uploaded through one instance from the other', async () => {
    const image = png(12, 12, [10, 200, 90]);
    const up = await a.http.call('POST', '/profile/avatar', {
      raw: avatarForm(image),
      token: user.accessToken,
    });
    expect(up.status).toBe(200);
    const path = new URL(up.body.data.profilePicture as string).pathname;
    const served = await fetch(b.url + path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect(existsSync(join(a.dataDir, 'avatars'))).toBe(false);
  });

  it('serve calibration photos stored through one instance from the other', async () => {
    const photos = [
      { viewType: 'front', photoUrl: dataUrl(jpegLike(2000)) },
      { viewType: 'left', photoUrl: dataUrl(jpegLike(2100)) },
      { viewType: 'right', photoUrl: dataUrl(jpegLike(2200)) },
    ];
    const created = await a.http.post(
      '/calibration',
      { photos, processWithML: false, mlAnalysis: await measured(photos) },
      user.accessToken,
    );
    expect(created.status).toBe(201);
    const photo = await fetch(`${b.url}/calibration/${created.body.data.id}/photos/left`, {
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(jpegLike(2100))).toBe(true);
  });

  it("delete an account's files whichever instance deletes it", async () => {
    const other = await signUp(b);
    const up = await b.http.call('POST', '/profile/avatar', {
      raw: avatarForm(png(8, 8)),
      token: other.accessToken,
    });
    const path = new URL(up.body.data.profilePicture as string).pathname;
    expect((await fetch(a.url + path)).status).toBe(200);
    expect((await a.http.delete('/profile', other.accessToken)).status).toBe(200);
    const gone = await fetch(b.url + path);
    expect(gone.status).toBe(404);
  });
});

describe('the signing key from the environment or an earlier key file', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('signs with API_SIGNING_KEY when it is set', async () => {
    const jwk = await privateJwk();
    const server = await startTestServer('pglite', { API_SIGNING_KEY: JSON.stringify(jwk) });
    servers.push(server);
    const published = (await server.http.get('/.well-known/jwks.json')).body.keys;
    expect(published).toEqual([expect.objectContaining({ kid: jwk.kid, x: jwk.x, y: jwk.y })]);
    expect(published[0].d).toBeUndefined();
  });

  it('refuses to start with an API_SIGNING_KEY that is not a private ES256 key', async () => {
    const { d: _d, ...publicOnly } = await privateJwk();
    await expect(startTestServer('pglite', { API_SIGNING_KEY: JSON.stringify(publicOnly) })).rejects.toThrow(
      /API_SIGNING_KEY is not a private ES256 key/,
    );
  });

  it("takes over an earlier deployment's key file, so its tokens stay valid on every instance", async () => {
    const database = await createPostgresDatabase();
    const oldDir = mkdtempSync(join(tmpdir(), 'pv-api-keyfile-'));
    const otherDir = mkdtempSync(join(tmpdir(), 'pv-api-keyfile-'));
    const opened = await openDatabase({ databaseUrl: database.url, dataDir: oldDir });
    try {
      const jwk = await privateJwk();
      mkdirSync(join(oldDir, 'keys'));
      writeFileSync(join(oldDir, 'keys', 'es256-private.jwk.json'), JSON.stringify(jwk));
      const upgraded = await loadSigningKeys({ db: opened.db, dataDir: oldDir });
      expect(upgraded.publicJwk.kid).toBe(jwk.kid);
      // Another instance, without the file, reads the same key from the database.
      const other = await loadSigningKeys({ db: opened.db, dataDir: otherDir });
      expect(other.publicJwk).toEqual(upgraded.publicJwk);
      const claims = { sub: randomUUID(), sid: randomUUID(), role: 'user' as const };
      expect(await other.verifyAccess(await upgraded.signAccess(claims))).toEqual(claims);
    } finally {
      await opened.close();
      await database.drop();
      for (const dir of [oldDir, otherDir]) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two instances creating the key at once on a fresh database agree on one', async () => {
    const database = await createPostgresDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'pv-api-keyrace-'));
    const opened = await openDatabase({ databaseUrl: database.url, dataDir: dir });
    try {
      const [first, second] = await Promise.all([
        loadSigningKeys({ db: opened.db, dataDir: dir }),
        loadSigningKeys({ db: opened.db, dataDir: dir }),
      ]);
      expect(second.publicJwk).toEqual(first.publicJwk);
      const claims = { sub: randomUUID(), sid: randomUUID(), role: 'user' as const };
      expect(await first.verifyAccess(await second.signAccess(claims))).toEqual(claims);
    } finally {
      await opened.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
