// Accounts: register, verify e-mail, resend, login (with 2FA), refresh, logout, admin login,
// forgot/reset/change password, and the Chrome extension's own device session.
import {
  adminLoginRequest,
  adminLoginResponse,
  changePasswordRequest,
  emailRequest,
  extensionHandoffRequest,
  extensionHandoffResponse,
  extensionSessionRequest,
  loginRequest,
  loginResponse,
  RECOVERY_CODE_MESSAGES,
  refreshRequest,
  registrationRequest,
  registrationResponse,
  resetPasswordRequest,
  tokenPairResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@posture-vision/core/auth';
import { emptyResponse } from '@posture-vision/core/http';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicUrl, requireUser } from '../context.ts';
import { admins, users } from '../db/schema.ts';
import { ApiError, answers, ok, parse } from '../http/envelope.ts';
import { toProfile } from '../profile/present.ts';
import { describeDevice } from '../security/device.ts';
import { claimRecoveryCode } from '../security/recovery-codes.ts';
import { totpStep } from '../security/totp.ts';
import { hashPassword, verifyLogin, verifyPassword } from './passwords.ts';
import {
  claimExtensionHandoff,
  consumeResetToken,
  issueExtensionHandoff,
  issueTokens,
  recordLogin,
  revokeAllSessions,
  revokeSession,
  rotateRefreshToken,
  sendPasswordResetMail,
  sendVerificationMail,
  sha256,
} from './service.ts';

export const REGISTER_MESSAGE = 'Verification email sent. Please check your inbox.';
export const TOTP_REQUIRED = 'Two-factor authentication code required.';
/** The device type of the session the Chrome extension holds beside the web app's. */
export const EXTENSION_DEVICE_TYPE = 'Chrome extension';

export default async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const limited = {
    rateLimit: {
      max: ctx.config.rateLimit.max,
      timeWindow: ctx.config.rateLimit.windowMs,
      // After body parsing, so the key can include the e-mail address.
      hook: 'preHandler' as const,
      // Per client and account, so one user's attempts do not lock others out behind the same address.
      keyGenerator: (request: FastifyRequest) => {
        const body = request.body as { email?: unknown } | undefined;
        const who = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
        // Hashed: the counters (in memory, or a shared store) must not keep e-mail addresses.
        return `${request.ip}|${sha256(who)}`;
      },
    },
  };
  const auth = { preHandler: requireUser(app) };
  app.post(
    '/auth/register',
    { config: limited, ...answers(registrationResponse, 201) },
    async (request, reply) => {
      const body = parse(registrationRequest, request.body);
      const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
      if (existing)
        throw new ApiError(409, 'An account with this email already exists.', [
          { field: 'email', message: 'An account with this email already exists.' },
        ]);
      const passwordHash = await hashPassword(body.password, ctx.config.argon2);
      const inserted = await ctx.db
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          birthday: body.birthday,
          countryCode: body.countryCode,
          phoneNumber: `${body.countryCode}${body.contactNo}`,
          passwordChangedAt: new Date(),
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      const user = inserted[0];
      if (!user) throw new ApiError(409, 'An account with this email already exists.');
      await sendVerificationMail(ctx, user, publicUrl(app, request));
      return reply.status(201).send(ok({ user: { id: user.id, email: user.email } }, REGISTER_MESSAGE));
    },
  );

  async function verifyEmailToken(token: string): Promise<string> {
    let claims: Record<string, unknown>;
    try {
      claims = await ctx.keys.verifyPurpose('verify-email', token);
    } catch {
      throw new ApiError(400, 'Invalid or expired verification link. Please request a new one.');
    }
    const userId = String(claims.sub);
    const updated = await ctx.db
      .update(users)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    const verified = updated[0]?.email;
    if (!verified || verified !== claims.email)
      throw new ApiError(400, 'Invalid or expired verification link. Please request a new one.');
    return verified;
  }

  // The mailed link: verifies, then lands on the sign-in page with its "verified" message.
  app.get('/auth/verify-email', async (request, reply) => {
    const { token } = parse(verifyEmailRequest, request.query, 'query');
    try {
      await verifyEmailToken(token);
      return reply.redirect(`${ctx.config.webAppUrl}/login?verified=true`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return reply.redirect(`${ctx.config.webAppUrl}/resend-verification`);
    }
  });

  app.post('/auth/verify-email', answers(verifyEmailResponse), async (request) => {
    const { token } = parse(verifyEmailRequest, request.body);
    const verified = await verifyEmailToken(token);
    return ok({ email: verified }, 'Email verified successfully! You can now log in.');
  });

  app.post('/auth/resend-verification', { config: limited, ...answers(emptyResponse) }, async (request) => {
    const body = parse(emailRequest, request.body);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    if (user?.emailVerified)
      throw new ApiError(409, 'This email address is already verified. You can log in.', [
        { field: 'email', message: 'Email already verified.' },
      ]);
    // Unknown addresses get the same answer, so the call does not reveal who has an account.
    if (user) await sendVerificationMail(ctx, user, publicUrl(app, request));
    return ok({}, 'Verification email sent successfully!');
  });

  app.post('/auth/login', { config: limited, ...answers(loginResponse) }, async (request) => {
    const body = parse(loginRequest, request.body);
    const device = describeDevice(request.headers['user-agent']);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    const fail = async (status: number, message: string, note: string, field = 'password') => {
      await recordLogin(ctx, {
        userId: user?.id ?? null,
        success: false,
        ipAddress: request.ip,
        device,
        note,
      });
      return new ApiError(status, message, [{ field, message }]);
    };
    if (user && !user.passwordHash && user.authProvider === 'google')
      throw await fail(
        403,
        'This account was created using Google. Please sign in with Google.',
        'Password sign-in for a Google account',
        'email',
      );
    // Always one argon2 verification, account or not (verifyLogin), so timing does not reveal accounts.
    const passwordOk = await verifyLogin(user?.passwordHash, body.password, ctx.config.argon2);
    if (!user || !passwordOk)
      throw await fail(401, 'Incorrect email or password.', 'Wrong email or password');
    if (!user.emailVerified)
      throw await fail(
        403,
        'Email not verified. Please verify your email before logging in.',
        'Email not verified',
        'email',
      );
    if (user.totpEnabled && user.totpSecret && body.recoveryCode && !body.totpCode) {
      if (!(await claimRecoveryCode(ctx, user.id, body.recoveryCode)))
        throw await fail(401, RECOVERY_CODE_MESSAGES.invalid, 'Wrong recovery code', 'recoveryCode');
    } else if (user.totpEnabled && user.totpSecret) {
      if (!body.totpCode)
        throw new ApiError(401, TOTP_REQUIRED, [{ field: 'totpCode', message: TOTP_REQUIRED }]);
      const step = await totpStep(user.totpSecret, body.totpCode);
      // Claim the step atomically: the same code cannot sign in twice, even concurrently.
      const claimed =
        step === null
          ? []
          : await ctx.db
              .update(users)
              .set({ totpLastLoginStep: step })
              .where(
                and(
                  eq(users.id, user.id),
                  or(isNull(users.totpLastLoginStep), lt(users.totpLastLoginStep, step)),
                ),
              )
              .returning({ id: users.id });
      if (!claimed.length)
        throw await fail(401, 'Invalid two-factor authentication code.', 'Wrong 2FA code', 'totpCode');
    }
    const tokens = await issueTokens(ctx, user.id, device, request.ip);
    await recordLogin(ctx, { userId: user.id, success: true, ipAddress: request.ip, device, note: null });
    return {
      success: true,
      message: 'Login successful',
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      data: { user: toProfile(user) },
    };
  });

  app.post('/auth/refresh', answers(tokenPairResponse), async (request) => {
    const body = parse(refreshRequest, request.body);
    const presented = body.refresh_token ?? request.cookies.refresh_token;
    if (!presented)
      throw new ApiError(401, 'No refresh token provided.', [
        { field: 'refresh_token', message: 'No refresh token provided.' },
      ]);
    const tokens = await rotateRefreshToken(ctx, presented, request.headers['user-agent']);
    return ok({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken }, 'Token refreshed');
  });

  // The extension gets its own device session (and rotation family), so its refreshes never present a refresh
  // token the web app has already used. Only the signed-in web app can start one. It asks for a
  // one-time code here with its access token and its session's refresh token (its cookie, not rotated), and
  // passes the code to the extension over the extension bridge (core extension-bridge); the extension trades
  // it once, within EXTENSION_HANDOFF_SECONDS, below. An access token alone no longer opens a 7-day session.
  app.post(
    '/auth/sessions/extension/handoff',
    { ...auth, config: limited, ...answers(extensionHandoffResponse, 201) },
    async (request, reply) => {
      const body = parse(extensionHandoffRequest, request.body ?? {});
      const presented = body.refresh_token ?? request.cookies.refresh_token;
      const { code, expiresIn } = await issueExtensionHandoff(
        ctx,
        request.user.userId,
        request.user.sessionId,
        presented,
      );
      return reply.status(201).send(ok({ code, expires_in: expiresIn }, 'Extension sign-in code created'));
    },
  );

  app.post(
    '/auth/sessions/extension',
    { config: limited, ...answers(tokenPairResponse, 201) },
    async (request, reply) => {
      const { code } = parse(extensionSessionRequest, request.body ?? {});
      const userId = await claimExtensionHandoff(ctx, code);
      const device = { ...describeDevice(request.headers['user-agent']), deviceType: EXTENSION_DEVICE_TYPE };
      const tokens = await issueTokens(ctx, userId, device, request.ip);
      return reply
        .status(201)
        .send(
          ok(
            { access_token: tokens.accessToken, refresh_token: tokens.refreshToken },
            'Extension session created',
          ),
        );
    },
  );

  app.post('/auth/logout', { ...auth, ...answers(emptyResponse) }, async (request) => {
    await revokeSession(ctx, request.user.sessionId);
    return ok({}, 'You have been logged out successfully.');
  });

  app.post('/auth/admin/login', { config: limited, ...answers(adminLoginResponse) }, async (request) => {
    const body = parse(adminLoginRequest, request.body);
    const [admin] = await ctx.db.select().from(admins).where(eq(admins.email, body.email));
    const passwordOk = await verifyLogin(admin?.passwordHash, body.password, ctx.config.argon2);
    if (!admin || !passwordOk)
      throw new ApiError(401, 'Incorrect email or password.', [
        { field: 'password', message: 'Incorrect email or password.' },
      ]);
    const accessToken = await ctx.keys.signAccess({ sub: admin.id, sid: admin.id, role: 'admin' });
    return {
      success: true,
      message: 'Admin login successful',
      accessToken,
      detail: null,
      data: { admin: { id: admin.id, email: admin.email } },
    };
  });

  app.post('/password/forgot-password', { config: limited, ...answers(emptyResponse) }, async (request) => {
    const body = parse(emailRequest, request.body);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, body.email));
    // Same answer for unknown addresses: the call must not reveal who has an account.
    if (user) await sendPasswordResetMail(ctx, user);
    return ok({}, 'Reset password link is sent to your email.');
  });

  app.post('/password/reset-password', { config: limited, ...answers(emptyResponse) }, async (request) => {
    const body = parse(resetPasswordRequest, request.body);
    const userId = await consumeResetToken(ctx, body.token, body.email);
    const passwordHash = await hashPassword(body.newPassword, ctx.config.argon2);
    await ctx.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeAllSessions(ctx, userId);
    return ok({}, 'Password was successfully reset!');
  });

  app.post('/password/change', { ...auth, ...answers(emptyResponse) }, async (request) => {
    const body = parse(changePasswordRequest, request.body);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, request.user.userId));
    if (!user) throw new ApiError(404, 'User not found.');
    if (!(await verifyPassword(user.passwordHash, body.currentPassword)))
      throw new ApiError(400, 'Current password is incorrect.', [
        { field: 'currentPassword', message: 'Current password is incorrect.' },
      ]);
    const passwordHash = await hashPassword(body.newPassword, ctx.config.argon2);
    await ctx.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    // Other devices signed in with the old password are logged out; this one stays.
    await revokeAllSessions(ctx, user.id, request.user.sessionId);
    return ok({}, 'Password changed successfully.');
  });
}
