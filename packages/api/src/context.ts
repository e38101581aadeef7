// What every domain plugin needs: configuration, database, signing keys, mail; and the bearer-token check.
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SigningKeys } from './auth/keys.ts';
import type { ApiConfig } from './config.ts';
import { batched } from './db/batch.ts';
import type { Database } from './db/index.ts';
import { deviceSessions } from './db/schema.ts';
import { ApiError } from './http/envelope.ts';
import { isUuid } from './http/fields.ts';
import type { Mailer } from './mail/mailer.ts';

export interface AppContext {
  config: ApiConfig;
  db: Database;
  keys: SigningKeys;
  mailer: Mailer;
}

export interface AuthUser {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}

const ACTIVITY_RESOLUTION_MS = 60_000;

type DeviceLookup = (sid: string) => Promise<{ userId: string; lastActivity: Date } | undefined>;
const deviceLookups = new WeakMap<Database, DeviceLookup>();

/** The live (not revoked) device session of each token, looked up together for requests that arrive together
 * (every authenticated call asks, so a logged-out device is refused at once). */
function deviceLookup(db: Database): DeviceLookup {
  let lookup = deviceLookups.get(db);
  if (!lookup) {
    lookup = batched(async (sids: string[]) => {
      // Only ids this API signed reach here; a malformed one must not fail the others' query.
      const ids = [...new Set(sids.filter(isUuid))];
      if (!ids.length) return sids.map(() => undefined);
      const rows = await db
        .select({
          id: deviceSessions.id,
          userId: deviceSessions.userId,
          lastActivity: deviceSessions.lastActivity,
        })
        .from(deviceSessions)
        .where(and(inArray(deviceSessions.id, ids), isNull(deviceSessions.revokedAt)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return sids.map((sid) => byId.get(sid));
    });
    deviceLookups.set(db, lookup);
  }
  return lookup;
}

/** preHandler for user routes: a valid user access token whose device session has not been revoked. */
export function requireUser(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new ApiError(401, 'Authentication required. Please log in.');
    const claims = await app.ctx.keys.verifyAccess(token);
    if (claims.role !== 'user') throw new ApiError(403, 'Admin tokens cannot access user data.');
    const { db } = app.ctx;
    const found = await deviceLookup(db)(claims.sid);
    const session = found?.userId === claims.sub ? found : undefined;
    if (!session) throw new ApiError(401, 'Session has expired or was logged out. Please log in again.');
    if (Date.now() - session.lastActivity.getTime() > ACTIVITY_RESOLUTION_MS) {
      const cutoff = new Date(Date.now() - ACTIVITY_RESOLUTION_MS);
      await db
        .update(deviceSessions)
        .set({ lastActivity: new Date() })
        .where(and(eq(deviceSessions.id, claims.sid), lt(deviceSessions.lastActivity, cutoff)));
    }
    request.user = { userId: claims.sub, sessionId: claims.sid };
  };
}

/** The API's public base URL: configured, or the one the caller used. */
export function publicUrl(app: FastifyInstance, request: FastifyRequest): string {
  return app.ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
