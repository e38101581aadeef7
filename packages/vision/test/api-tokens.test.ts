// Both services as processes (their real entries, as `npm start` runs them): the API publishes its JWKS,
// and the vision service, told where the API is by API_URL, accepts an access token signed with the API's
// own key (the test gives the API its key through API_SIGNING_KEY, as an operator's secret store would) and refuses an admin's token and a
// token of the API's key meant for another audience.
import { randomUUID } from 'node:crypto';
import { type RunningService, startApi, startVision } from '@posture-vision/testkit/services';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';

let api: RunningService;
let vision: RunningService;
let base: string;
let signWithApiKey: (claims: Record<string, unknown>, audience?: string) => Promise<string>;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.privateKey)), kid: randomUUID(), alg: 'ES256' };
  api = await startApi({ API_SIGNING_KEY: JSON.stringify(jwk) });
  const key = await importJWK(jwk, 'ES256');
  signWithApiKey = (claims, audience = 'posture-vision') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: 'JWT' })
      .setIssuer('posture-vision-api')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  vision = await startVision({ API_URL: api.url, VISION_WORKERS: '1' });
  base = vision.url.replace('http', 'ws');
}, 180_000);

afterAll(async () => {
  await vision?.stop();
  await api?.stop();
});

function connect(token: string): Promise<{ protocol: string; close: Promise<number> }> {
  const ws = new WebSocket(`${base}/combined-realtime/offer/135790`, [
    'posture-vision.v1',
    `access_token.${token}`,
  ]);
  const close = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      // The service answers a malformed signalling message only once it accepted the token: an answer means
      // the socket stays open; a refused token closes it instead.
      ws.send('not json');
      ws.once('message', () => {
        resolve({ protocol: ws.protocol, close });
        ws.close();
      });
      ws.once('close', () => resolve({ protocol: '', close }));
    });
    ws.once('error', reject);
  });
}

describe('the vision process', () => {
  it('answers the health check at once and reports its models ready in the configured workers', async () => {
    expect((await fetch(`${vision.url}/model/realtime/health-check`)).status).toBe(200);
    const whileLoading: unknown[] = [];
    await vi.waitFor(
      async () => {
        const status = await (await fetch(`${vision.url}/model/realtime/face-direction-identifier`)).json();
        if (status.model_status === 'loading') whileLoading.push(status);
        expect(status).toEqual({ model_status: 'ready', message: 'Posture detection is ready' });
      },
      { timeout: 120_000, interval: 500 },
    );
    // While loading it said what it waits for and how far it is (workers with their models loaded).
    for (const status of whileLoading)
      expect(status).toMatchObject({ message: 'Loading the pose models', progress: { total: 1 } });
  });
});

describe("the API's tokens on the live sockets", () => {
  it('accepts a user access token verified against the API’s JWKS', async () => {
    const user = await connect(await signWithApiKey({ sub: 'user-1', sid: 'session-1', role: 'user' }));
    expect(user.protocol).toBe('posture-vision.v1');
  });

  it('refuses an admin token (4003) and a token meant for another audience (4001)', async () => {
    const admin = await connect(await signWithApiKey({ sub: 'admin-1', sid: 's', role: 'admin' }));
    expect(await admin.close).toBe(4003);
    const other = await connect(await signWithApiKey({ sub: 'user-1', role: 'user' }, 'email-verification'));
    expect(await other.close).toBe(4001);
  });
});
