// The key the vision service signs its photo measurements with (core calibration/measurement.ts), published at
// GET /.well-known/jwks.json for the API, which verifies a measurement a client hands back before storing its
// figures. Every instance behind one balancer must sign with the same key (the API's JWKS fetch may reach any of
// them), so it comes from, in order:
// 1. VISION_SIGNING_KEY, a private ES256 JWK (JSON) the operator gives every instance;
// 2. else the Redis every instance of a deployment already shares (REDIS_URL): the first instance to need it
//    generates it and stores it with SET NX, so two at once agree on one; the others read it;
// 3. else (one instance, no Redis) a key generated when first needed, in this process's memory. A restart makes
//    measurements signed before it unverifiable; the wizard stores its measurement seconds after it is made.
// Loaded on first use, not at start, so a Redis outage at start delays nothing; a failed load is retried.
// Never logged.
import {
  generateMeasurementKey,
  type MeasurementKey,
  measurementSigner,
  parseMeasurementKey,
  publicMeasurementJwk,
} from '@posture-vision/core/calibration';
import { Redis } from 'ioredis';

export interface MeasurementKeySource {
  /** VISION_SIGNING_KEY: a private ES256 JWK as JSON; wins over Redis. */
  signingKey?: string;
  redisUrl?: string;
  /** The deployment's Redis key prefix (default `pv:`). */
  redisPrefix?: string;
}

export interface MeasurementKeys {
  /** Signs a measurement's claims. */
  sign: (claims: Parameters<Awaited<ReturnType<typeof measurementSigner>>>[0]) => Promise<string>;
  /** The JWKS document of the public half. */
  jwks: () => Promise<{ keys: ReturnType<typeof publicMeasurementJwk>[] }>;
}

const REDIS_KEY = 'measurement-signing-key';

async function sharedInRedis(url: string, prefix: string): Promise<MeasurementKey> {
  const redis = new Redis(url, { commandTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => {});
  try {
    const name = `${prefix}${REDIS_KEY}`;
    const fresh = await generateMeasurementKey(`vision-${crypto.randomUUID()}`);
    // Two instances starting at once: one SET wins, both read the winner.
    await redis.set(name, JSON.stringify(fresh), 'NX');
    const stored = await redis.get(name);
    if (!stored) throw new Error('the measurement key vanished from Redis');
    return parseMeasurementKey(stored, `Redis ${name}`);
  } finally {
    redis.disconnect();
  }
}

async function loadKey(source: MeasurementKeySource): Promise<MeasurementKey> {
  if (source.signingKey) return parseMeasurementKey(source.signingKey, 'VISION_SIGNING_KEY');
  if (source.redisUrl) return sharedInRedis(source.redisUrl, source.redisPrefix ?? 'pv:');
  return generateMeasurementKey(`vision-${crypto.randomUUID()}`);
}

export function measurementKeys(source: MeasurementKeySource): MeasurementKeys {
  // A configured key that is not one fails the start, as a bad API_SIGNING_KEY does the API's.
  if (source.signingKey) parseMeasurementKey(source.signingKey, 'VISION_SIGNING_KEY');
  let loading: Promise<{ key: MeasurementKey; sign: MeasurementKeys['sign'] }> | null = null;
  const loaded = () => {
    loading ??= loadKey(source).then(async (key) => ({ key, sign: await measurementSigner(key) }));
    // A failed load (Redis down) is tried again by the next caller.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return {
    sign: async (claims) => (await loaded()).sign(claims),
    jwks: async () => ({ keys: [publicMeasurementJwk((await loaded()).key)] }),
  };
}
