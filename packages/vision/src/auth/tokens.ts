// Access tokens issued by the API (JWT ES256), verified against the API's JWKS document. Tokens are
// never logged.
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  JWKS_PATH,
} from '@posture-vision/core/auth';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

export interface Claims extends JWTPayload {
  sub: string;
  sid?: string;
  role: 'user' | 'admin';
}

export type Verify = (token: string) => Promise<Claims>;

export function tokenVerifier(apiUrl: string): Verify {
  const jwks = createRemoteJWKSet(new URL(`${apiUrl.replace(/\/+$/, '')}${JWKS_PATH}`), {
    cooldownDuration: 5_000,
  });
  return async (token) => {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      // A token without exp would never expire: refuse it.
      requiredClaims: ['exp'],
    });
    if (typeof payload.sub !== 'string' || (payload.role !== 'user' && payload.role !== 'admin'))
      throw new Error('token without subject or role');
    return payload as Claims;
  };
}

export function tokenFromAuthorization(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
