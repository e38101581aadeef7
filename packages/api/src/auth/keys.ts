// The ES256 signing key: generated on first start and kept under DATA_DIR/keys (never committed). Access tokens
// are verified with the public half, which GET /.well-known/jwks.json publishes for the vision service.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../http/envelope.ts';

export const ISSUER = 'posture-vision-api';
export const AUDIENCE = 'posture-vision';
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export type Role = 'user' | 'admin';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

export interface SigningKeys {
  publicJwk: JWK;
  signAccess(claims: AccessClaims): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims>;
  /** Short signed tokens for other purposes (e-mail verification, OAuth state), each with its own audience. */
  signPurpose(purpose: string, claims: Record<string, unknown>, seconds: number): Promise<string>;
  verifyPurpose(purpose: string, token: string): Promise<Record<string, unknown>>;
}

async function loadOrCreate(
  dir: string,
): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey; kid: string }> {
  const file = join(dir, 'es256-private.jwk.json');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(pair.privateKey)), kid: randomUUID(), alg: 'ES256' };
    // `wx` so two processes starting on one fresh DATA_DIR cannot overwrite each other's key.
    try {
      writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const jwk = JSON.parse(readFileSync(file, 'utf8')) as JWK & { kid: string };
  const privateKey = (await importJWK(jwk, 'ES256')) as CryptoKey;
  const { d: _private, ...publicPart } = jwk;
  const publicKey = (await importJWK(publicPart, 'ES256')) as CryptoKey;
  return { privateKey, publicKey, kid: jwk.kid };
}

export async function loadSigningKeys(dataDir: string): Promise<SigningKeys> {
  const { privateKey, publicKey, kid } = await loadOrCreate(join(dataDir, 'keys'));
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const invalid = () => new ApiError(401, 'Invalid or expired token.');
  return {
    publicJwk,
    signAccess: (claims) =>
      new SignJWT({ sid: claims.sid, role: claims.role })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(privateKey),
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['ES256'],
          // A token without exp would never expire: refuse it.
          requiredClaims: ['exp'],
        });
        const role = payload.role;
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          (role !== 'user' && role !== 'admin')
        )
          throw invalid();
        return { sub: payload.sub, sid: payload.sid, role };
      } catch {
        throw invalid();
      }
    },
    signPurpose: (purpose, claims, seconds) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuer(ISSUER)
        .setAudience(`${AUDIENCE}:${purpose}`)
        .setIssuedAt()
        .setExpirationTime(`${seconds}s`)
        .sign(privateKey),
    async verifyPurpose(purpose, token) {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer: ISSUER,
        audience: `${AUDIENCE}:${purpose}`,
        algorithms: ['ES256'],
        requiredClaims: ['exp'],
      });
      return payload as Record<string, unknown>;
    },
  };
}
