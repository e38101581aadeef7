// What every domain plugin needs: configuration, database, signing keys, mail; and the bearer-token check.
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SigningKeys } from './auth/keys.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/index.ts';
import { deviceSessions } from './db/schema.ts';
import { ApiError } from './http/envelope.ts';
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

/** preHandler for user routes: a valid user access token whose device session has not been revoked. */
export function requireUser(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new ApiError(401, 'Authentication required. Please log in.');
    const claims = await app.ctx.keys.verifyAccess(token);
    if (claims.role !== 'user') throw new ApiError(403, 'Admin tokens cannot access user data.');
    const { db } = app.ctx;
    const [session] = await db
      .select({ lastActivity: deviceSessions.lastActivity })
      .from(deviceSessions)
      .where(
        and(
          eq(deviceSessions.id, claims.sid),
          eq(deviceSessions.userId, claims.sub),
          isNull(deviceSessions.revokedAt),
        ),
      );
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
