// Security: device sessions, TOTP two-factor authentication, login history and stats.
import { createHash } from 'node:crypto';
import {
  deviceLogoutResponse,
  deviceSessionsResponse,
  disableTwoFactorRequest,
  loginHistoryQuery,
  loginHistoryResponse,
  loginStatsQuery,
  loginStatsResponse,
  logoutAllResponse,
  RECOVERY_CODE_MESSAGES,
  recoveryCodesResponse,
  totpRequest,
  twoFactorDisabledResponse,
  twoFactorEnabledResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
  twoFactorVerifiedResponse,
} from '@posture-vision/core/auth';
import { and, countDistinct, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { revokeAllSessions } from '../auth/service.ts';
import { requireUser } from '../context.ts';
import { deviceSessions, loginEvents, recoveryCodes, users } from '../db/schema.ts';
import { ApiError, answers, ok, parse } from '../http/envelope.ts';
import { isUuid, uuidParam } from '../http/fields.ts';
import { claimRecoveryCode, issueRecoveryCodes, unusedRecoveryCodes } from './recovery-codes.ts';
import { newTotpSecret, totpQrCode, verifyTotp } from './totp.ts';

const INVALID_CODE = 'Invalid two-factor authentication code.';

export default async function securityRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = requireUser(app);
  // 2FA codes are six digits: limit guesses per caller (address and bearer token) before authentication runs.
  const twoFactor = {
    preHandler: auth,
    config: {
      rateLimit: {
        max: ctx.config.rateLimit.max,
        timeWindow: ctx.config.rateLimit.windowMs,
        keyGenerator: (request: FastifyRequest) =>
          `${request.ip}|${createHash('sha256')
            .update(request.headers.authorization ?? '')
            .digest('hex')}`,
      },
    },
  };

  async function userRow(userId: string) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(404, 'User not found.');
    return user;
  }

  app.get('/auth/sessions', { preHandler: auth, ...answers(deviceSessionsResponse) }, async (request) => {
    const rows = await ctx.db
      .select()
      .from(deviceSessions)
      .where(and(eq(deviceSessions.userId, request.user.userId), isNull(deviceSessions.revokedAt)))
      .orderBy(desc(deviceSessions.lastActivity));
    return ok(
      rows.map((s) => ({
        id: s.id,
        deviceType: s.deviceType,
        browser: s.browser,
        ipAddress: s.ipAddress,
        lastActivity: s.lastActivity.toISOString(),
        createdAt: s.createdAt.toISOString(),
        current: s.id === request.user.sessionId,
      })),
      'Active sessions',
    );
  });

  app.delete('/auth/sessions/all', { preHandler: auth, ...answers(logoutAllResponse) }, async (request) => {
    const revoked = await revokeAllSessions(ctx, request.user.userId);
    return ok({ revoked }, 'Logged out from all devices.');
  });

  app.delete(
    '/auth/sessions/:id',
    { preHandler: auth, ...answers(deviceLogoutResponse) },
    async (request) => {
      const { id } = parse(uuidParam, request.params, 'params');
      const rows = isUuid(id)
        ? await ctx.db
            .update(deviceSessions)
            .set({ revokedAt: new Date() })
            .where(
              and(
                eq(deviceSessions.id, id),
                eq(deviceSessions.userId, request.user.userId),
                isNull(deviceSessions.revokedAt),
              ),
            )
            .returning({ id: deviceSessions.id })
        : [];
      if (!rows.length) throw new ApiError(404, 'Session not found.');
      return ok({ id }, 'Device logged out.');
    },
  );

  app.post('/auth/2fa/setup', { ...twoFactor, ...answers(twoFactorSetupResponse) }, async (request) => {
    const user = await userRow(request.user.userId);
    if (user.totpEnabled) throw new ApiError(409, 'Two-factor authentication is already enabled.');
    const secret = newTotpSecret();
    await ctx.db
      .update(users)
      .set({ totpSecret: secret, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return ok(
      { qrCode: await totpQrCode(secret, user.email), secret },
      'Scan the QR code with your authenticator app.',
    );
  });

  app.post('/auth/2fa/enable', { ...twoFactor, ...answers(twoFactorEnabledResponse) }, async (request) => {
    const { token } = parse(totpRequest, request.body);
    const user = await userRow(request.user.userId);
    if (user.totpEnabled) throw new ApiError(409, 'Two-factor authentication is already enabled.');
    if (!user.totpSecret) throw new ApiError(400, 'Set up two-factor authentication first.');
    if (!(await verifyTotp(user.totpSecret, token)))
      throw new ApiError(400, INVALID_CODE, [{ field: 'token', message: INVALID_CODE }]);
    await ctx.db.update(users).set({ totpEnabled: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    // Shown once, here: only their hashes are kept.
    const codes = await issueRecoveryCodes(ctx, user.id);
    return ok({ enabled: true, recoveryCodes: codes }, '2FA has been successfully enabled!');
  });

  // New recovery codes on demand (all used, or some seen by someone else): the old ones stop working.
  app.post(
    '/auth/2fa/recovery-codes',
    { ...twoFactor, ...answers(recoveryCodesResponse) },
    async (request) => {
      const { token } = parse(totpRequest, request.body);
      const user = await userRow(request.user.userId);
      if (!user.totpEnabled || !user.totpSecret)
        throw new ApiError(400, 'Two-factor authentication is not enabled.');
      if (!(await verifyTotp(user.totpSecret, token)))
        throw new ApiError(400, INVALID_CODE, [{ field: 'token', message: INVALID_CODE }]);
      const codes = await issueRecoveryCodes(ctx, user.id);
      return ok({ recoveryCodes: codes }, RECOVERY_CODE_MESSAGES.created);
    },
  );

  app.post('/auth/2fa/verify', { ...twoFactor, ...answers(twoFactorVerifiedResponse) }, async (request) => {
    const { token } = parse(totpRequest, request.body);
    const user = await userRow(request.user.userId);
    if (!user.totpSecret) throw new ApiError(400, 'Set up two-factor authentication first.');
    if (!(await verifyTotp(user.totpSecret, token)))
      throw new ApiError(400, INVALID_CODE, [{ field: 'token', message: INVALID_CODE }]);
    return ok({ valid: true }, 'Code verified.');
  });

  app.post('/auth/2fa/disable', { ...twoFactor, ...answers(twoFactorDisabledResponse) }, async (request) => {
    const body = parse(disableTwoFactorRequest, request.body);
    const user = await userRow(request.user.userId);
    if (!user.totpEnabled || !user.totpSecret)
      throw new ApiError(400, 'Two-factor authentication is not enabled.');
    if ('token' in body) {
      if (!(await verifyTotp(user.totpSecret, body.token)))
        throw new ApiError(400, INVALID_CODE, [{ field: 'token', message: INVALID_CODE }]);
    } else if (!(await claimRecoveryCode(ctx, user.id, body.recoveryCode))) {
      throw new ApiError(400, RECOVERY_CODE_MESSAGES.invalid, [
        { field: 'recoveryCode', message: RECOVERY_CODE_MESSAGES.invalid },
      ]);
    }
    await ctx.db
      .update(users)
      .set({ totpEnabled: false, totpSecret: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    return ok({ enabled: false }, '2FA has been disabled');
  });

  app.get('/auth/2fa/status', { preHandler: auth, ...answers(twoFactorStatusResponse) }, async (request) => {
    const user = await userRow(request.user.userId);
    const left = user.totpEnabled ? await unusedRecoveryCodes(ctx, user.id) : 0;
    return ok({ enabled: user.totpEnabled, recoveryCodesLeft: left }, '2FA status');
  });

  app.get('/auth/login-history', { preHandler: auth, ...answers(loginHistoryResponse) }, async (request) => {
    const { limit } = parse(loginHistoryQuery, request.query, 'query');
    const rows = await ctx.db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, request.user.userId))
      .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
      .limit(limit);
    return ok(
      {
        history: rows.map((r) => ({
          timestamp: r.createdAt.toISOString(),
          success: r.success,
          ipAddress: r.ipAddress,
          device: { device: r.device, browser: r.browser },
          location: null,
          note: r.note,
        })),
      },
      'Login history',
    );
  });

  app.get(
    '/auth/login-history/stats',
    { preHandler: auth, ...answers(loginStatsResponse) },
    async (request) => {
      const { days } = parse(loginStatsQuery, request.query, 'query');
      const since = new Date(Date.now() - days * 86_400_000);
      const [row] = await ctx.db
        .select({
          total: sql<number>`count(*)::int`,
          succeeded: sql<number>`count(*) filter (where ${loginEvents.success})::int`,
          devices: countDistinct(sql`${loginEvents.device} || '|' || ${loginEvents.browser}`),
        })
        .from(loginEvents)
        .where(and(eq(loginEvents.userId, request.user.userId), gte(loginEvents.createdAt, since)));
      const total = Number(row?.total ?? 0);
      const succeeded = Number(row?.succeeded ?? 0);
      return ok(
        {
          days,
          totalLogins: total,
          successfulLogins: succeeded,
          failedLogins: total - succeeded,
          successRate: total ? Math.round((1000 * succeeded) / total) / 10 : 0,
          uniqueDevices: Number(row?.devices ?? 0),
        },
        'Login stats',
      );
    },
  );
}
