// Profile: read, update (current password required), delete with all data, avatar, exports.

import { emptyResponse } from '@posture-vision/core/http';
import {
  avatarResponse,
  exportQuery,
  exportStatsResponse,
  profileExportResponse,
  profileResponse,
  profileSettingsRequest,
  profileSettingsResponse,
  profileUpdateRequest,
} from '@posture-vision/core/profile';
import {
  alertPreferencesRequest,
  alertPreferencesResponse,
  normalizeAlertPreferences,
} from '@posture-vision/core/settings';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { verifyPassword } from '../auth/passwords.ts';
import { publicUrl, requireUser } from '../context.ts';
import { calibrations, loginEvents, postureFeedback, postureSessions, users } from '../db/schema.ts';
import { toCsv } from '../http/csv.ts';
import { ApiError, answers, ok, parse } from '../http/envelope.ts';
import { avatarKey, imageTypeOf, randomName, readStoredFile, saveFile } from '../storage/files.ts';
import { deleteAccount } from './deletion.ts';
import { toProfile } from './present.ts';

const avatarParams = z.object({
  userId: z.string().regex(/^[0-9a-f-]{36}$/),
  file: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp|gif)$/),
});

const PROFILE_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'birthday',
  'phoneNumber',
  'profilePicture',
  'createdAt',
];

/** The stored quiet hours as the contract has them: both times, or none. */
function quietHoursOf(row: { quietHoursStart: string | null; quietHoursEnd: string | null }) {
  return row.quietHoursStart && row.quietHoursEnd
    ? { start: row.quietHoursStart, end: row.quietHoursEnd }
    : null;
}

export default async function profileRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = { preHandler: requireUser(app) };

  async function currentUser(userId: string) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(404, 'User not found.');
    return user;
  }

  app.get('/profile', { ...auth, ...answers(profileResponse) }, async (request) =>
    ok(toProfile(await currentUser(request.user.userId)), 'Profile loaded'),
  );

  app.post('/profile', { ...auth, ...answers(profileResponse) }, async (request) => {
    const body = parse(profileUpdateRequest, request.body);
    const user = await currentUser(request.user.userId);
    // Accounts created with Google have no password to confirm with.
    if (user.passwordHash && !(await verifyPassword(user.passwordHash, body.password)))
      throw new ApiError(400, 'Password is incorrect.', [
        { field: 'password', message: 'Password is incorrect.' },
      ]);
    const [updated] = await ctx.db
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        birthday: body.birthday,
        phoneNumber: body.phoneNumber,
        ...(body.profilePicture !== undefined ? { profilePicture: body.profilePicture } : {}),
        ...(body.recalibrationFrequency ? { recalibrationFrequency: body.recalibrationFrequency } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    return ok(toProfile(updated ?? user), 'Profile updated successfully.');
  });

  app.put('/profile/settings', { ...auth, ...answers(profileSettingsResponse) }, async (request) => {
    const body = parse(profileSettingsRequest, request.body);
    await ctx.db
      .update(users)
      .set({ recalibrationFrequency: body.recalibrationFrequency, updatedAt: new Date() })
      .where(eq(users.id, request.user.userId));
    return ok({ recalibrationFrequency: body.recalibrationFrequency }, 'Settings saved.');
  });

  app.get(
    '/profile/alert-preferences',
    { ...auth, ...answers(alertPreferencesResponse) },
    async (request) => {
      const user = await currentUser(request.user.userId);
      return ok(
        normalizeAlertPreferences({
          sensitivity: user.alertSensitivity,
          warningDelaySeconds: user.warningDelaySeconds,
          alertStyle: user.alertStyle,
          standUpMinutes: user.standUpMinutes,
          batteryMode: user.batteryMode,
          quietInCalls: user.quietInCalls,
          quietHours: quietHoursOf(user),
        }),
        'Alert preferences',
      );
    },
  );

  app.put(
    '/profile/alert-preferences',
    { ...auth, ...answers(alertPreferencesResponse) },
    async (request) => {
      const body = parse(alertPreferencesRequest, request.body);
      // A save without a style, a stand-up reminder, a battery choice or the quiet settings (a client from before
      // them) keeps the stored one.
      const [saved] = await ctx.db
        .update(users)
        .set({
          alertSensitivity: body.sensitivity,
          warningDelaySeconds: body.warningDelaySeconds,
          ...(body.alertStyle ? { alertStyle: body.alertStyle } : {}),
          ...(body.standUpMinutes !== undefined ? { standUpMinutes: body.standUpMinutes } : {}),
          ...(body.batteryMode ? { batteryMode: body.batteryMode } : {}),
          ...(body.quietInCalls !== undefined ? { quietInCalls: body.quietInCalls } : {}),
          ...(body.quietHours !== undefined
            ? { quietHoursStart: body.quietHours?.start ?? null, quietHoursEnd: body.quietHours?.end ?? null }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, request.user.userId))
        .returning({
          alertStyle: users.alertStyle,
          standUpMinutes: users.standUpMinutes,
          batteryMode: users.batteryMode,
          quietInCalls: users.quietInCalls,
          quietHoursStart: users.quietHoursStart,
          quietHoursEnd: users.quietHoursEnd,
        });
      return ok(
        normalizeAlertPreferences({
          ...body,
          alertStyle: saved?.alertStyle,
          standUpMinutes: saved?.standUpMinutes,
          batteryMode: saved?.batteryMode,
          quietInCalls: saved?.quietInCalls,
          quietHours: saved ? quietHoursOf(saved) : null,
        }),
        'Alert preferences saved.',
      );
    },
  );

  app.delete('/profile', { ...auth, ...answers(emptyResponse) }, async (request) => {
    await deleteAccount(ctx, request.user.userId);
    return ok({}, 'Account deleted successfully.');
  });

  app.post('/profile/avatar', { ...auth, ...answers(avatarResponse) }, async (request) => {
    if (!request.isMultipart())
      throw new ApiError(400, 'Send the image as multipart/form-data in the field avatar.', [
        { field: 'avatar', message: 'An image file is required.' },
      ]);
    const tooLarge = () =>
      new ApiError(413, `The image is larger than ${Math.round(ctx.config.avatarMaxBytes / 1024)} KB.`, [
        { field: 'avatar', message: 'File too large.' },
      ]);
    let bytes: Buffer;
    let truncated: boolean;
    try {
      const part = await request.file();
      if (part?.fieldname !== 'avatar')
        throw new ApiError(400, 'An image file is required in the field avatar.', [
          { field: 'avatar', message: 'An image file is required.' },
        ]);
      bytes = await part.toBuffer();
      truncated = part.file.truncated;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      // The multipart parser's own complaints (no boundary, a truncated body, an over-long boundary).
      throw new ApiError(400, 'The upload is not valid multipart/form-data.', [
        { field: 'avatar', message: 'Malformed multipart body.' },
      ]);
    }
    if (truncated || bytes.length > ctx.config.avatarMaxBytes) throw tooLarge();
    const type = await imageTypeOf(bytes);
    if (!type)
      throw new ApiError(400, 'Only image files (JPEG, PNG, WebP or GIF) are allowed.', [
        { field: 'avatar', message: 'The file is not an image.' },
      ]);
    const { userId } = request.user;
    const name = randomName(type.ext);
    await saveFile(ctx.db, avatarKey(userId, name), userId, bytes);
    const profilePicture = `${publicUrl(app, request)}/profile/avatar/${userId}/${name}`;
    await ctx.db.update(users).set({ profilePicture, updatedAt: new Date() }).where(eq(users.id, userId));
    return ok({ profilePicture }, 'Avatar uploaded successfully.');
  });

  // Public by unguessable name, so an <img> can show it without a bearer token.
  app.get('/profile/avatar/:userId/:file', async (request, reply) => {
    const params = avatarParams.safeParse(request.params);
    if (!params.success) throw new ApiError(404, 'Avatar not found.');
    const bytes = await readStoredFile(
      ctx.db,
      ctx.config.dataDir,
      avatarKey(params.data.userId, params.data.file),
    );
    if (!bytes) throw new ApiError(404, 'Avatar not found.');
    const type = await imageTypeOf(bytes);
    return reply
      .type(type?.mime ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=86400')
      .send(bytes);
  });

  app.post('/profile/export', { ...auth, ...answers(profileExportResponse) }, async (request) => {
    const { format } = parse(exportQuery, request.query, 'query');
    const user = await currentUser(request.user.userId);
    const profile = toProfile(user);
    const calibrationRows = await ctx.db
      .select()
      .from(calibrations)
      .where(eq(calibrations.userId, user.id))
      .orderBy(desc(calibrations.createdAt));
    const logins = await ctx.db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, user.id))
      .orderBy(desc(loginEvents.createdAt));
    if (format === 'csv') return ok(toCsv([profile], PROFILE_COLUMNS), 'Profile data exported');
    return ok(
      {
        exportedAt: new Date().toISOString(),
        profile,
        calibrations: calibrationRows.map(({ mlAnalysis: _ml, ...c }) => c),
        loginHistory: logins.map((l) => ({
          timestamp: l.createdAt,
          success: l.success,
          ipAddress: l.ipAddress,
          device: l.device,
          browser: l.browser,
          note: l.note,
        })),
      },
      'Profile data exported',
    );
  });

  app.get('/profile/export/stats', { ...auth, ...answers(exportStatsResponse) }, async (request) => {
    const { userId } = request.user;
    const [cal] = await ctx.db
      .select({ n: count() })
      .from(calibrations)
      .where(eq(calibrations.userId, userId));
    const [logins] = await ctx.db
      .select({ n: count() })
      .from(loginEvents)
      .where(eq(loginEvents.userId, userId));
    const [sessions] = await ctx.db
      .select({ n: count() })
      .from(postureSessions)
      .where(eq(postureSessions.userId, userId));
    const [feedback] = await ctx.db
      .select({ n: count() })
      .from(postureFeedback)
      .where(eq(postureFeedback.userId, userId));
    return ok(
      {
        // The profile itself plus the records exported with it.
        profile: { totalRecords: 1 + Number(cal?.n ?? 0) + Number(logins?.n ?? 0) },
        sessions: { totalSessions: Number(sessions?.n ?? 0), totalFeedbackLogs: Number(feedback?.n ?? 0) },
      },
      'Export stats',
    );
  });
}
