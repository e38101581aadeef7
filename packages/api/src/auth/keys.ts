// The ES256 signing key, the same for every API instance (a token signed by one is verified by the others and
// by the vision service, which reads GET /.well-known/jwks.json through the balancer). Where it comes from:
// 1. API_SIGNING_KEY, a private JWK (JSON) given to every instance by the operator's secret store;
// 2. else the `signing_keys` row of the database every instance shares: the first instance to start generates
//    it (insert … on conflict do nothing, so two starting at once agree on one), the others read it. A key file
//    of an earlier deployment (DATA_DIR/keys/es256-private.jwk.json) is taken as that row, so tokens already
//    handed out stay valid.
// Never committed, never logged. Access tokens are verified with the public half.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
} from '@posture-vision/core/auth';
import { eq } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/index.ts';
import { signingKeys } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';

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

/** Verified access tokens kept per process (about 1 KB each): the active users of one instance in 15 minutes. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The row id of the key every instance uses. */
const CURRENT_KEY = 'current';

export interface KeySource {
  /** API_SIGNING_KEY: a private ES256 JWK as JSON; wins over the database. */
  signingKey?: string;
  db: Database;
  /** Where an earlier deployment kept its key file. */
  dataDir: string;
}

function parseJwk(text: string, where: string): JWK & { kid: string } {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error(`${where} is not JSON (a private ES256 JWK is expected)`);
  }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string')
    throw new Error(`${where} is not a private ES256 key (kty EC, crv P-256, with d)`);
  return { ...jwk, kid: jwk.kid ?? randomUUID(), alg: ACCESS_TOKEN_ALGORITHM };
}

/** The shared key's private JWK: from the environment, else the database (created once, by whoever is first). */
async function sharedJwk(source: KeySource): Promise<JWK & { kid: string }> {
  if (source.signingKey) return parseJwk(source.signingKey, 'API_SIGNING_KEY');
  const read = async () =>
    (await source.db.select().from(signingKeys).where(eq(signingKeys.id, CURRENT_KEY)))[0]?.privateJwk;
  const found = await read();
  if (found) return found as JWK & { kid: string };
  const legacy = join(source.dataDir, 'keys', 'es256-private.jwk.json');
  const jwk = existsSync(legacy)
    ? parseJwk(readFileSync(legacy, 'utf8'), legacy)
    : {
        ...(await exportJWK(
          (
            await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { extractable: true })
          ).privateKey,
        )),
        kid: randomUUID(),
        alg: ACCESS_TOKEN_ALGORITHM,
      };
  // Two instances starting on a fresh database: one insert wins, both read the winner.
  await source.db
    .insert(signingKeys)
    .values({ id: CURRENT_KEY, privateJwk: jwk })
    .onConflictDoNothing({ target: signingKeys.id });
  return (await read()) as JWK & { kid: string };
}

export async function loadSigningKeys(source: KeySource): Promise<SigningKeys> {
  const jwk = await sharedJwk(source);
  const { kid } = jwk;
  const privateKey = (await importJWK(jwk, ACCESS_TOKEN_ALGORITHM)) as CryptoKey;
  const { d: _private, ...publicPart } = jwk;
  const publicKey = (await importJWK(publicPart, ACCESS_TOKEN_ALGORITHM)) as CryptoKey;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' };
  const invalid = () => new ApiError(401, 'Invalid or expired token.');
  // Access tokens this process has verified, until they expire: a client sends the same token with every request
  // for up to ACCESS_TOKEN_SECONDS, and an ES256 signature check costs CPU on every request (0.93 ms each on the
  // shared 2-core bench machine under load, see bench/README.md) where a map lookup costs nothing. Keyed by the
  // whole token, signature included, so only the exact bytes verified before match. Revocation is not decided
  // here: every request still checks its device session (context.ts).
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAt });
  };
  return {
    publicJwk,
    signAccess: (claims) =>
      new SignJWT({ sid: claims.sid, role: claims.role })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid, typ: 'JWT' })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(privateKey),
    async verifyAccess(token) {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          algorithms: [ACCESS_TOKEN_ALGORITHM],
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
        const claims: AccessClaims = { sub: payload.sub, sid: payload.sid, role };
        remember(token, claims, (payload.exp as number) * 1000);
        return claims;
      } catch {
        throw invalid();
      }
    },
    signPurpose: (purpose, claims, seconds) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid })
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(`${ACCESS_TOKEN_AUDIENCE}:${purpose}`)
        .setIssuedAt()
        .setExpirationTime(`${seconds}s`)
        .sign(privateKey),
    async verifyPurpose(purpose, token) {
      const { payload } = await jwtVerify(token, publicKey, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: `${ACCESS_TOKEN_AUDIENCE}:${purpose}`,
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        requiredClaims: ['exp'],
      });
      return payload as Record<string, unknown>;
    },
  };
}
