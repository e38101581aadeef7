// An API stand-in that issues access tokens as the API does (core's access-token contract): its own ES256 key,
// the public half served as the API serves its JWKS document, and tokens signed with it. For a vision service
// built in-process with this `url` as its API.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  JWKS_PATH,
} from '@posture-vision/core/auth';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface TokenIssuer {
  /** The stand-in's address (the vision service's API URL). */
  url: string;
  /** A token of these claims, expiring after `exp` (default 15 minutes; null: a token without exp). */
  sign(claims: Record<string, unknown>, exp?: string | null): Promise<string>;
  close(): Promise<void>;
}

export async function startTokenIssuer(): Promise<TokenIssuer> {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM);
  const kid = 'testkit-api';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' };
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === JWKS_PATH)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sign(claims, exp = '15m') {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt();
      return (exp ? jwt.setExpirationTime(exp) : jwt).sign(privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
