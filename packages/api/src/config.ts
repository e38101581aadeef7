// Server configuration from the environment. Every value has a development default so `npm start` needs no setup.
import { resolve } from 'node:path';
import type { AddressLimits } from './auth/address-limits.ts';

export interface Argon2Cost {
  /** Memory cost in KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface RateLimitConfig {
  /** Requests allowed per window on each limited route (login, register, forgot, resend, 2FA). */
  max: number;
  windowMs: number;
}

export interface ApiConfig {
  port: number;
  host: string;
  dataDir: string;
  /** API_SIGNING_KEY: the private ES256 JWK every instance signs with; without it the key lives in the database
   * (auth/keys.ts). */
  signingKey?: string;
  /** A PostgreSQL server; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  /** Redis for every counter shared across instances (rate limits); when absent they live in process memory. */
  redisUrl?: string;
  /** Prefix of every Redis key this deployment writes (REDIS_PREFIX, default `pv:`), so deployments can share one Redis. */
  redisPrefix: string;
  /** Addresses of the load balancers whose X-Forwarded-For is believed (Fastify's trustProxy); none by default. */
  trustProxy?: string[];
  webOrigins: string[];
  webAppUrl: string;
  /** The API's own public base URL, used in mail and OAuth redirect links; derived from the request when absent. */
  publicUrl?: string;
  visionUrl: string;
  smtpUrl?: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  argon2: Argon2Cost;
  rateLimit: RateLimitConfig;
  /** Per address alone (auth/address-limits.ts); defaults never below rateLimit.max, so a raised RATE_LIMIT_MAX
   * for tests or benches raises them too. */
  addressLimits: AddressLimits;
  /** Largest JSON body in bytes; POST /calibration has its own (three data URLs of up to 5 MB each). */
  bodyLimit: number;
  avatarMaxBytes: number;
  logger: boolean;
}

/** OWASP's recommended argon2id setting (19 MiB, 2 passes). Tests lower the memory cost through ARGON2_MEMORY_KIB. */
export const PRODUCTION_ARGON2: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const webOrigins = (env.WEB_ORIGIN ?? 'http://localhost:5173')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          issuer: env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
        }
      : undefined;
  const rateLimitMax = int(env.RATE_LIMIT_MAX, 10);
  return {
    port: int(env.API_PORT, 8000),
    host: env.API_HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    signingKey: env.API_SIGNING_KEY || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'pv:',
    trustProxy: env.TRUST_PROXY?.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    webOrigins,
    webAppUrl: (env.WEB_APP_URL ?? webOrigins[0] ?? 'http://localhost:5173').replace(/\/$/, ''),
    publicUrl: env.API_PUBLIC_URL?.replace(/\/$/, ''),
    visionUrl: (env.VISION_URL ?? 'http://localhost:8001').replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    google,
    argon2: {
      memoryCost: int(env.ARGON2_MEMORY_KIB, PRODUCTION_ARGON2.memoryCost),
      timeCost: int(env.ARGON2_TIME_COST, PRODUCTION_ARGON2.timeCost),
      parallelism: 1,
    },
    rateLimit: { max: rateLimitMax, windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000) },
    addressLimits: {
      // A shared office address signs in often; 50 per 15 min still stops trying many accounts.
      login: {
        max: int(env.RATE_LIMIT_LOGIN_ADDRESS_MAX, Math.max(50, rateLimitMax)),
        windowMs: int(env.RATE_LIMIT_LOGIN_ADDRESS_WINDOW_MS, 15 * 60_000),
      },
      // A household or office creates a few accounts an hour; each costs an argon2 hash and a mail.
      register: {
        max: int(env.RATE_LIMIT_REGISTER_ADDRESS_MAX, Math.max(10, rateLimitMax)),
        windowMs: int(env.RATE_LIMIT_REGISTER_ADDRESS_WINDOW_MS, 60 * 60_000),
      },
      // Reset and verification mails asked for from one address, whatever the e-mail: no mail cannon.
      mail: {
        max: int(env.RATE_LIMIT_MAIL_ADDRESS_MAX, Math.max(20, rateLimitMax)),
        windowMs: int(env.RATE_LIMIT_MAIL_ADDRESS_WINDOW_MS, 60 * 60_000),
      },
    },
    bodyLimit: 1024 * 1024,
    avatarMaxBytes: int(env.AVATAR_MAX_BYTES, 2 * 1024 * 1024),
    logger: env.API_LOG !== 'off',
  };
}
