// Calibration profiles: one live-posture reference per desk setup, named by the user, stored here
// so they follow the user to another browser. Limits are core's calibration/profiles.ts, the requests and answers
// its calibration/contract.ts.
// At most one profile is active per user: activating one clears the others in the same transaction.
import {
  type CalibrationProfile,
  calibrationIdParams,
  calibrationProfileDeletedResponse,
  calibrationProfileResponse,
  calibrationProfilesResponse,
  createProfileRequest,
  FIRST_PROFILE,
  PROFILES_PER_USER_MAX,
  type ProfileReference,
  updateProfileRequest,
} from '@posture-vision/core/calibration';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../context.ts';
import type { Database } from '../db/index.ts';
import { calibrationProfiles } from '../db/schema.ts';
import { ApiError, answers, ok, parse } from '../http/envelope.ts';
import { isUuid } from '../http/fields.ts';

type Row = typeof calibrationProfiles.$inferSelect;

function toProfile(row: Row): CalibrationProfile {
  return {
    id: row.id,
    name: row.name,
    setup: row.setup as CalibrationProfile['setup'],
    reference: (row.reference as CalibrationProfile['reference']) ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const duplicateName = (name: string) =>
  new ApiError(409, `A profile named "${name}" already exists.`, [
    { field: 'name', message: 'Choose another name.' },
  ]);

/** Postgres unique violation (the per-user name index), as PGlite and postgres-js report it. */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Keeps a live reference on the user's active profile, or on a first profile made for it when the user has none
 * (the photo calibration's front photo: core calibration/live-reference.ts). `db` may be a transaction.
 */
export async function keepLiveReference(
  db: Pick<Database, 'select' | 'update' | 'insert'>,
  userId: string,
  live: ProfileReference,
): Promise<void> {
  const [active] = await db
    .select({ id: calibrationProfiles.id })
    .from(calibrationProfiles)
    .where(and(eq(calibrationProfiles.userId, userId), eq(calibrationProfiles.active, true)));
  if (active)
    await db
      .update(calibrationProfiles)
      .set({ reference: live, updatedAt: new Date() })
      .where(eq(calibrationProfiles.id, active.id));
  else
    await db.insert(calibrationProfiles).values({ userId, ...FIRST_PROFILE, reference: live, active: true });
}

export async function calibrationProfileRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = { preHandler: requireUser(app) };

  async function own(userId: string, id: string): Promise<Row> {
    const [row] = isUuid(id)
      ? await ctx.db
          .select()
          .from(calibrationProfiles)
          .where(and(eq(calibrationProfiles.id, id), eq(calibrationProfiles.userId, userId)))
      : [];
    if (!row) throw new ApiError(404, 'Calibration profile not found.');
    return row;
  }

  app.get('/calibration/profiles', { ...auth, ...answers(calibrationProfilesResponse) }, async (request) => {
    const rows = await ctx.db
      .select()
      .from(calibrationProfiles)
      .where(eq(calibrationProfiles.userId, request.user.userId))
      .orderBy(asc(calibrationProfiles.createdAt));
    return ok(rows.map(toProfile), 'Calibration profiles');
  });

  app.post(
    '/calibration/profiles',
    { ...auth, ...answers(calibrationProfileResponse, 201) },
    async (request, reply) => {
      const body = parse(createProfileRequest, request.body);
      const { userId } = request.user;
      const row = await ctx.db
        .transaction(async (tx) => {
          const [count] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(calibrationProfiles)
            .where(eq(calibrationProfiles.userId, userId));
          const n = Number(count?.n ?? 0);
          if (n >= PROFILES_PER_USER_MAX)
            throw new ApiError(
              409,
              `At most ${PROFILES_PER_USER_MAX} calibration profiles: delete one first.`,
              [{ field: 'name', message: 'Too many profiles.' }],
            );
          // The first profile is the active one, so the monitor always has one to use.
          const [created] = await tx
            .insert(calibrationProfiles)
            .values({
              userId,
              name: body.name,
              setup: body.setup,
              reference: body.reference ?? null,
              active: n === 0,
            })
            .returning();
          return created;
        })
        .catch((error) => {
          throw isUniqueViolation(error) ? duplicateName(body.name) : error;
        });
      if (!row) throw new Error('calibration profile not created');
      return reply.status(201).send(ok(toProfile(row), 'Calibration profile created.'));
    },
  );

  app.patch(
    '/calibration/profiles/:id',
    { ...auth, ...answers(calibrationProfileResponse) },
    async (request) => {
      const { id } = parse(calibrationIdParams, request.params, 'params');
      const body = parse(updateProfileRequest, request.body);
      const row = await own(request.user.userId, id);
      const [updated] = await ctx.db
        .update(calibrationProfiles)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.setup !== undefined ? { setup: body.setup } : {}),
          ...(body.reference !== undefined ? { reference: body.reference } : {}),
          updatedAt: new Date(),
        })
        .where(eq(calibrationProfiles.id, row.id))
        .returning()
        .catch((error) => {
          throw isUniqueViolation(error) ? duplicateName(body.name ?? row.name) : error;
        });
      return ok(toProfile(updated ?? row), 'Calibration profile updated.');
    },
  );

  app.post(
    '/calibration/profiles/:id/activate',
    { ...auth, ...answers(calibrationProfileResponse) },
    async (request) => {
      const { id } = parse(calibrationIdParams, request.params, 'params');
      const { userId } = request.user;
      const row = await own(userId, id);
      const updated = await ctx.db.transaction(async (tx) => {
        await tx
          .update(calibrationProfiles)
          .set({ active: false })
          .where(and(eq(calibrationProfiles.userId, userId), ne(calibrationProfiles.id, row.id)));
        const [r] = await tx
          .update(calibrationProfiles)
          .set({ active: true, updatedAt: new Date() })
          .where(eq(calibrationProfiles.id, row.id))
          .returning();
        return r;
      });
      return ok(toProfile(updated ?? row), 'Calibration profile activated.');
    },
  );

  app.delete(
    '/calibration/profiles/:id',
    { ...auth, ...answers(calibrationProfileDeletedResponse) },
    async (request) => {
      const { id } = parse(calibrationIdParams, request.params, 'params');
      const { userId } = request.user;
      const row = await own(userId, id);
      await ctx.db.transaction(async (tx) => {
        await tx.delete(calibrationProfiles).where(eq(calibrationProfiles.id, row.id));
        // Deleting the active profile makes the oldest remaining one active.
        if (row.active) {
          const [next] = await tx
            .select({ id: calibrationProfiles.id })
            .from(calibrationProfiles)
            .where(eq(calibrationProfiles.userId, userId))
            .orderBy(asc(calibrationProfiles.createdAt))
            .limit(1);
          if (next)
            await tx
              .update(calibrationProfiles)
              .set({ active: true })
              .where(eq(calibrationProfiles.id, next.id));
        }
      });
      return ok({ id: row.id }, 'Calibration profile deleted.');
    },
  );
}
