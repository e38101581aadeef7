// Token issuing and rotation, login history, and the mails of the account flows.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { HANDOFF_MESSAGES, RESET_LINK_REFUSED_MESSAGE } from '@posture-vision/core/auth';
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import {
  deviceSessions,
  extensionHandoffs,
  loginEvents,
  mailTokens,
  refreshTokens,
  users,
} from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { type DeviceInfo, describeDevice } from '../security/device.ts';

export { HANDOFF_MESSAGES };

export const REFRESH_TOKEN_DAYS = 7;
export const VERIFY_LINK_SECONDS = 24 * 3600;
export const RESET_TOKEN_MINUTES = 60;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

/**
 * A used refresh token presented again within this many seconds by the device its session belongs to (the same
 * user agent) is two tabs of one browser that refreshed together, not a stolen token: it answers the same
 * successor the first presentation got instead of revoking the session. Tabs share the refresh through a lock
 * (core's session.ts); this covers browsers without Web Locks and tabs that read the cookie just before it
 * changed. Long enough for a slow second request, short enough that a replay from a stolen copy is still caught.
 */
export const REFRESH_REUSE_GRACE_S = 10;

/**
 * The token that succeeds `presented`: derived from it (a keyed hash, so it cannot be computed without the
 * presented token, which is stored only hashed) and from its row, so a second presentation within the grace
 * gives the same pair without storing any token in clear.
 */
function successorOf(presented: string, rowId: string): string {
  return createHmac('sha256', presented).update(`refresh-rotation:${rowId}`).digest('base64url');
}

async function newRefreshToken(ctx: AppContext, sessionId: string, token = randomToken()): Promise<string> {
  await ctx.db
    .insert(refreshTokens)
    .values({
      sessionId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
    })
    // The successor of a token presented twice at once is inserted by whichever request gets there first.
    .onConflictDoNothing({ target: refreshTokens.tokenHash });
  return token;
}

/** A new device session with its first refresh token (the start of a rotation family). */
export async function issueTokens(
  ctx: AppContext,
  userId: string,
  device: DeviceInfo,
  ipAddress: string,
): Promise<IssuedTokens> {
  const [session] = await ctx.db
    .insert(deviceSessions)
    .values({
      userId,
      deviceType: device.deviceType,
      browser: device.browser,
      ipAddress,
      userAgent: device.userAgent,
    })
    .returning({ id: deviceSessions.id });
  if (!session) throw new Error('device session not created');
  const refreshToken = await newRefreshToken(ctx, session.id);
  const accessToken = await ctx.keys.signAccess({ sub: userId, sid: session.id, role: 'user' });
  return { accessToken, refreshToken, sessionId: session.id };
}

/**
 * Single-use rotation: a used token presented again revokes its whole family (the device session) — unless it is
 * the same device within REFRESH_REUSE_GRACE_S, which gets the same successor again. `userAgent` is the
 * presenting request's.
 */
export async function rotateRefreshToken(
  ctx: AppContext,
  presented: string,
  userAgent?: string,
): Promise<IssuedTokens> {
  const invalid = new ApiError(401, 'Invalid or expired refresh token.', [
    { field: 'refresh_token', message: 'Invalid or expired refresh token.' },
  ]);
  const [row] = await ctx.db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      expiresAt: refreshTokens.expiresAt,
      userId: deviceSessions.userId,
      revokedAt: deviceSessions.revokedAt,
      deviceUserAgent: deviceSessions.userAgent,
    })
    .from(refreshTokens)
    .innerJoin(deviceSessions, eq(deviceSessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now()) throw invalid;
  const claimed = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (row.usedAt || claimed.length === 0) {
    // Not claimed but not used when read: another request claimed it a moment ago.
    const usedAt = row.usedAt ?? new Date();
    const sameDevice =
      row.deviceUserAgent !== null && row.deviceUserAgent === describeDevice(userAgent).userAgent;
    if (sameDevice && Date.now() - usedAt.getTime() <= REFRESH_REUSE_GRACE_S * 1000) {
      const refreshToken = await newRefreshToken(ctx, row.sessionId, successorOf(presented, row.id));
      const accessToken = await ctx.keys.signAccess({ sub: row.userId, sid: row.sessionId, role: 'user' });
      return { accessToken, refreshToken, sessionId: row.sessionId };
    }
    await revokeSession(ctx, row.sessionId);
    throw new ApiError(401, 'Refresh token was already used. This session has been logged out for safety.', [
      { field: 'refresh_token', message: 'Refresh token reuse detected.' },
    ]);
  }
  await ctx.db
    .update(deviceSessions)
    .set({ lastActivity: new Date() })
    .where(eq(deviceSessions.id, row.sessionId));
  const refreshToken = await newRefreshToken(ctx, row.sessionId, successorOf(presented, row.id));
  const accessToken = await ctx.keys.signAccess({ sub: row.userId, sid: row.sessionId, role: 'user' });
  return { accessToken, refreshToken, sessionId: row.sessionId };
}

/**
 * How long a handoff code for the Chrome extension stays valid. The web app passes it to the extension at once
 * (window message, then the extension's service worker, then one call): a minute is ample on a busy machine and
 * keeps a code that leaked (a log, a screenshot) useless soon after.
 */
export const EXTENSION_HANDOFF_SECONDS = 60;

/**
 * A one-time code for the extension, for the web app's device session `sessionId` of `userId`. The caller proves
 * it is that web app by presenting the session's current refresh token (the web app's cookie), which stays
 * valid: this does not rotate it. An access token alone (15 minutes, sent with every call) is not enough.
 */
export async function issueExtensionHandoff(
  ctx: AppContext,
  userId: string,
  sessionId: string,
  refreshToken: string | undefined,
): Promise<{ code: string; expiresIn: number }> {
  const refused = new ApiError(401, HANDOFF_MESSAGES.webSession, [
    { field: 'refresh_token', message: HANDOFF_MESSAGES.webSession },
  ]);
  if (!refreshToken) throw refused;
  const [row] = await ctx.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .innerJoin(deviceSessions, eq(deviceSessions.id, refreshTokens.sessionId))
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256(refreshToken)),
        eq(refreshTokens.sessionId, sessionId),
        eq(deviceSessions.userId, userId),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, new Date()),
        isNull(deviceSessions.revokedAt),
      ),
    );
  if (!row) throw refused;
  // The user's spent and expired codes go, so the table holds at most the codes of the last minute.
  await ctx.db
    .delete(extensionHandoffs)
    .where(
      and(
        eq(extensionHandoffs.userId, userId),
        or(lt(extensionHandoffs.expiresAt, new Date()), isNotNull(extensionHandoffs.usedAt)),
      ),
    );
  const code = randomToken();
  await ctx.db.insert(extensionHandoffs).values({
    userId,
    sessionId,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + EXTENSION_HANDOFF_SECONDS * 1000),
  });
  return { code, expiresIn: EXTENSION_HANDOFF_SECONDS };
}

/**
 * Claims a handoff code once (atomically): the user it was issued to, while the web session it came from lives.
 * A refused code is left as it was (a request refused changes nothing stored).
 */
export async function claimExtensionHandoff(ctx: AppContext, code: string): Promise<string> {
  const [claimed] = await ctx.db
    .update(extensionHandoffs)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(extensionHandoffs.codeHash, sha256(code)),
        isNull(extensionHandoffs.usedAt),
        gt(extensionHandoffs.expiresAt, new Date()),
        sql`exists (select 1 from ${deviceSessions} where ${deviceSessions.id} = ${extensionHandoffs.sessionId} and ${deviceSessions.userId} = ${extensionHandoffs.userId} and ${deviceSessions.revokedAt} is null)`,
      ),
    )
    .returning({ userId: extensionHandoffs.userId });
  if (!claimed)
    throw new ApiError(401, HANDOFF_MESSAGES.invalidCode, [
      { field: 'code', message: HANDOFF_MESSAGES.invalidCode },
    ]);
  return claimed.userId;
}

export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(deviceSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(deviceSessions.id, sessionId), isNull(deviceSessions.revokedAt)));
}

/** Logs the user out on every device, or on every device but `keep` (the one changing the password). */
export async function revokeAllSessions(ctx: AppContext, userId: string, keep?: string): Promise<number> {
  const rows = await ctx.db
    .update(deviceSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(deviceSessions.userId, userId),
        isNull(deviceSessions.revokedAt),
        keep ? ne(deviceSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: deviceSessions.id });
  return rows.length;
}

export async function recordLogin(
  ctx: AppContext,
  entry: {
    userId: string | null;
    success: boolean;
    ipAddress: string;
    device: DeviceInfo;
    note: string | null;
  },
): Promise<void> {
  await ctx.db.insert(loginEvents).values({
    userId: entry.userId,
    success: entry.success,
    ipAddress: entry.ipAddress,
    device: entry.device.device,
    browser: entry.device.browser,
    note: entry.note,
  });
}

export async function sendVerificationMail(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string },
  apiUrl: string,
): Promise<void> {
  const token = await ctx.keys.signPurpose(
    'verify-email',
    { sub: user.id, email: user.email },
    VERIFY_LINK_SECONDS,
  );
  const link = `${apiUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    userId: user.id,
    subject: 'Verify your Posture Vision account',
    text: `Hello ${user.firstName},\n\nPlease verify your e-mail address to activate your Posture Vision account:\n${link}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.\n`,
    html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Please verify your e-mail address to activate your Posture Vision account:</p><p><a href="${link}">Verify my e-mail address</a></p><p>The link is valid for 24 hours. If you did not sign up, ignore this message.</p>`,
  });
}

export async function sendPasswordResetMail(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const token = randomToken();
  await ctx.db.insert(mailTokens).values({
    userId: user.id,
    purpose: 'password-reset',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  const link = `${ctx.config.webAppUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    userId: user.id,
    subject: 'Reset your Posture Vision password',
    text: `Hello ${user.firstName},\n\nUse this link to choose a new password:\n${link}\n\nThe link works once and expires in ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this message.\n`,
    html: `<p>Hello ${escapeHtml(user.firstName)},</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this message.</p>`,
  });
}

/** Consumes a password-reset token: valid, unused, unexpired, and (when given) for this e-mail. */
export async function consumeResetToken(ctx: AppContext, token: string, email?: string): Promise<string> {
  const rows = await ctx.db
    .update(mailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mailTokens.tokenHash, sha256(token)),
        eq(mailTokens.purpose, 'password-reset'),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: mailTokens.userId });
  const userId = rows[0]?.userId;
  if (!userId) throw new ApiError(400, RESET_LINK_REFUSED_MESSAGE);
  if (email) {
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user?.email !== email) throw new ApiError(400, RESET_LINK_REFUSED_MESSAGE);
  }
  return userId;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
