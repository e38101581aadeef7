// Access tokens verified once are remembered until they expire (auth/keys.ts): a remembered token is still
// refused once its exp has passed, and a token differing in any byte is verified afresh.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, loadSigningKeys } from '../src/auth/keys.ts';
import type { Database } from '../src/db/index.ts';

async function keys() {
  const pair = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.privateKey)), kid: randomUUID(), alg: 'ES256' };
  // With API_SIGNING_KEY the database is not asked.
  return loadSigningKeys({
    signingKey: JSON.stringify(jwk),
    db: undefined as unknown as Database,
    dataDir: '/nonexistent',
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verified access tokens', () => {
  it('are remembered only until they expire', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signing = await keys();
    const claims = { sub: randomUUID(), sid: randomUUID(), role: 'user' as const };
    const token = await signing.signAccess(claims);
    expect(await signing.verifyAccess(token)).toEqual(claims);
    expect(await signing.verifyAccess(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS + 1) * 1000);
    await expect(signing.verifyAccess(token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('match only the exact token that was verified', async () => {
    const signing = await keys();
    const token = await signing.signAccess({ sub: randomUUID(), sid: randomUUID(), role: 'user' });
    await signing.verifyAccess(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // One character in the middle of the signature changed (a full 6 bits of it).
    const flipped = `${header}.${payload}.${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await expect(signing.verifyAccess(flipped)).rejects.toMatchObject({ statusCode: 401 });
    const other = await keys();
    await expect(other.verifyAccess(token)).rejects.toMatchObject({ statusCode: 401 });
  });
});
