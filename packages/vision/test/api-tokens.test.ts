// Tokens as the real API issues them: the API process publishes its JWKS, and the vision service accepts
// an access token signed with the API's own key (read from the API's data directory, as only a test may)
// and refuses an admin's token and a token of the API's key with another audience.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningService, startApi } from '@posture-vision/testkit/services';
import type { FastifyInstance } from 'fastify';
import { importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildServer } from '../src/server.ts';

let api: RunningService;
let app: FastifyInstance;
let base: string;
let signWithApiKey: (claims: Record<string, unknown>, audience?: string) => Promise<string>;

beforeAll(async () => {
  api = await startApi();
  const jwk = JSON.parse(readFileSync(join(api.dataDir, 'keys', 'es256-private.jwk.json'), 'utf8')) as JWK & {
    kid: string;
  };
  const key = await importJWK(jwk, 'ES256');
  signWithApiKey = (claims, audience = 'posture-vision') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ: 'JWT' })
      .setIssuer('posture-vision-api')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const built = await buildServer({ apiUrl: api.url, workers: 1 });
  app = built.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await api?.stop();
});

function connect(token: string): Promise<{ protocol: string; close: Promise<number> }> {
  const ws = new WebSocket(`${base}/combined-realtime/results/135790`, [
    'posture-vision.v1',
    `access_token.${token}`,
  ]);
  const close = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      // Give the server the time to verify the token before judging that the socket stayed open.
      setTimeout(() => {
        const protocol = ws.readyState === WebSocket.OPEN ? ws.protocol : '';
        ws.close();
        resolve({ protocol, close });
      }, 1500);
    });
    ws.once('error', reject);
  });
}

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
