// Calibrations: three photos stored in the database (storage/files.ts),
// metrics from the vision service's photo analysis, status and expiry, history, progress and recommendations.
// Every stored figure is the vision service's measurement of the stored photos: the API's own call
// (processWithML, process-ml) or the wizard's signed measurement, verified against the photos (measurement.ts).
import {
  type CALIBRATION_VIEWS,
  calibrationDetailResponse,
  calibrationHistoryResponse,
  calibrationIdParams,
  calibrationOrNoneResponse,
  calibrationPhotoParams,
  calibrationProgressQuery,
  calibrationProgressResponse,
  calibrationResponse,
  calibrationStatusResponse,
  createCalibrationRequest,
  isPhysiological,
  MAX_MEASUREMENT_CHARS,
  MAX_PHOTO_BYTES,
  outOfRangeMessage,
  PHYSIOLOGICAL_RANGE,
  photoLiveReference,
  type RangedMetric,
  recalibrationCheckResponse,
  recommendationsResponse,
  visionConnectionResponse,
} from '@posture-vision/core/calibration';
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../context.ts';
import type { Database } from '../db/index.ts';
import { calibrationPhotos, calibrations, users } from '../db/schema.ts';
import { ApiError, answers, ok, parse } from '../http/envelope.ts';
import { isUuid } from '../http/fields.ts';
import { recentIssueShares } from '../sessions/service.ts';
import { imageTypeOf, photoKey, readStoredFile, saveFile } from '../storage/files.ts';
import { measurementVerifier } from './measurement.ts';
import { calibrationProfileRoutes, keepLiveReference } from './profiles.ts';
import { calibrationState, recommendationsFor } from './rules.ts';
import { type BatchAnalysis, batchAnalyze, notesText, visionHealth } from './vision.ts';

/** Three base64 photos (4/3 of their size), a signed measurement and the rest of the payload. */
const CALIBRATION_BODY_LIMIT = 3 * Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + MAX_MEASUREMENT_CHARS + 256 * 1024;
type VIEW = (typeof CALIBRATION_VIEWS)[number];

type CalibrationRow = typeof calibrations.$inferSelect;

function toCalibration(row: CalibrationRow) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    initialPostureScore: row.initialPostureScore,
    cranialVertebralAngle: row.cranialVertebralAngle,
    forwardHeadDistance: row.forwardHeadDistance,
    shoulderTiltAngle: row.shoulderTiltAngle,
    headTiltAngle: row.headTiltAngle,
    assessmentNotes: row.assessmentNotes,
    mlProcessed: row.mlAnalysis !== null,
  };
}

type Analysis = {
  overall_score: number;
  metrics?: Partial<BatchAnalysis['metrics']>;
  assessment_notes?: BatchAnalysis['assessment_notes'];
  live_reference?: unknown;
};

const RANGED_FIELDS: [RangedMetric, keyof BatchAnalysis['metrics']][] = [
  ['cranialVertebralAngle', 'cranial_vertebral_angle'],
  ['forwardHeadDistance', 'forward_head_distance'],
  ['shoulderTiltAngle', 'shoulder_tilt_angle'],
  ['headTiltAngle', 'head_tilt_angle'],
];

function metricsFrom(analysis: Analysis) {
  const m = analysis.metrics ?? {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  // The vision service refuses such values itself; this keeps the rule at the door of the database too.
  for (const [metric, field] of RANGED_FIELDS) {
    const v = num(m[field]);
    if (v !== null && !isPhysiological(metric, v)) {
      const { min, max } = PHYSIOLOGICAL_RANGE[metric];
      const message = outOfRangeMessage(field, min, max);
      throw new ApiError(422, `The photos could not be measured: ${message}`, [{ field, message }]);
    }
  }
  return {
    initialPostureScore: num(analysis.overall_score),
    cranialVertebralAngle: num(m.cranial_vertebral_angle),
    forwardHeadDistance: num(m.forward_head_distance),
    shoulderTiltAngle: num(m.shoulder_tilt_angle),
    headTiltAngle: num(m.head_tilt_angle),
    assessmentNotes: notesText(analysis.assessment_notes),
  };
}

function decodePhoto(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function latestCalibration(db: Database, userId: string): Promise<CalibrationRow | null> {
  const [row] = await db
    .select()
    .from(calibrations)
    .where(eq(calibrations.userId, userId))
    .orderBy(desc(calibrations.createdAt))
    .limit(1);
  return row ?? null;
}

/** The caller's access token, forwarded to the vision service (its per-account photo limit). */
function bearerOf(request: { headers: { authorization?: string } }): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export default async function calibrationRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const auth = { preHandler: requireUser(app) };
  const verifyMeasurement = measurementVerifier(ctx.config.visionUrl);
  await calibrationProfileRoutes(app);

  async function frequencyOf(userId: string): Promise<string> {
    const [user] = await ctx.db
      .select({ f: users.recalibrationFrequency })
      .from(users)
      .where(eq(users.id, userId));
    return user?.f ?? 'monthly';
  }

  async function ownCalibration(userId: string, id: string): Promise<CalibrationRow> {
    const [row] = isUuid(id)
      ? await ctx.db
          .select()
          .from(calibrations)
          .where(and(eq(calibrations.id, id), eq(calibrations.userId, userId)))
      : [];
    if (!row) throw new ApiError(404, 'Calibration not found.');
    return row;
  }

  function storedPhotos(calibrationId: string) {
    return ctx.db.select().from(calibrationPhotos).where(eq(calibrationPhotos.calibrationId, calibrationId));
  }

  async function status(userId: string) {
    const latest = await latestCalibration(ctx.db, userId);
    const state = calibrationState(latest?.createdAt ?? null, await frequencyOf(userId));
    return { latest, state };
  }

  app.post(
    '/calibration',
    { ...auth, bodyLimit: CALIBRATION_BODY_LIMIT, ...answers(calibrationResponse, 201) },
    async (request, reply) => {
      const body = parse(createCalibrationRequest, request.body);
      const photos: {
        viewType: string;
        bytes: Buffer;
        ext: string;
        metadata?: unknown;
        capturedAt?: string;
      }[] = [];
      for (const p of body.photos) {
        const bytes = decodePhoto(p.photoUrl);
        if (bytes.length > MAX_PHOTO_BYTES)
          throw new ApiError(400, 'Each photo must be at most 5 MB.', [
            { field: `photos.${p.viewType}`, message: 'Too large.' },
          ]);
        const type = await imageTypeOf(bytes);
        if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png'))
          throw new ApiError(400, `The ${p.viewType} photo is not a JPEG image.`, [
            { field: `photos.${p.viewType}`, message: 'Not an image.' },
          ]);
        photos.push({ ...p, bytes, ext: type.ext });
      }
      const byView = Object.fromEntries(body.photos.map((p) => [p.viewType, p.photoUrl]));
      let analysis: Analysis | null = null;
      if (body.processWithML)
        analysis = await batchAnalyze(
          ctx.config.visionUrl,
          {
            front_image: byView.front as string,
            left_image: byView.left as string,
            right_image: byView.right as string,
          },
          bearerOf(request),
        );
      else if (body.mlAnalysis)
        // The signed analysis, read like the API's own call's answer (metricsFrom keeps the range rule).
        analysis = (await verifyMeasurement(
          body.mlAnalysis,
          Object.fromEntries(photos.map((p) => [p.viewType, p.bytes])) as Record<VIEW, Buffer>,
        )) as Analysis;

      const { userId } = request.user;
      const created = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(calibrations)
          .values({ userId, ...(analysis ? metricsFrom(analysis) : {}), mlAnalysis: analysis ?? null })
          .returning();
        if (!row) throw new Error('calibration not created');
        // The photos are stored in the same transaction as the rows that name them.
        for (const p of photos) {
          const filePath = photoKey(userId, row.id, `${p.viewType}.${p.ext}`);
          await saveFile(tx as unknown as Database, filePath, userId, p.bytes);
          await tx.insert(calibrationPhotos).values({
            calibrationId: row.id,
            viewType: p.viewType,
            filePath,
            bytes: p.bytes.length,
            metadata: p.metadata ?? null,
            capturedAt: p.capturedAt ? new Date(p.capturedAt) : null,
          });
        }
        // One calibration: the front photo, taken at the desk with the same camera, is the live reference of the
        // active profile (a first profile when there is none), so the monitor judges from the first frame.
        const mirrored = body.photos.find((p) => p.viewType === 'front')?.metadata?.mirrored === true;
        const live = photoLiveReference(analysis, mirrored);
        if (live) await keepLiveReference(tx as unknown as Database, userId, live);
        return row;
      });
      return reply.status(201).send(ok(toCalibration(created), 'Calibration saved.'));
    },
  );

  app.get(
    '/calibration/status/detailed',
    { ...auth, ...answers(calibrationStatusResponse) },
    async (request) => {
      const { latest, state } = await status(request.user.userId);
      return ok({ ...state, calibration: latest ? toCalibration(latest) : null }, 'Calibration status');
    },
  );

  app.get('/calibration/active', { ...auth, ...answers(calibrationOrNoneResponse) }, async (request) => {
    const { latest, state } = await status(request.user.userId);
    return ok(state.hasActive && latest ? toCalibration(latest) : null, 'Active calibration');
  });

  app.get(
    '/calibration/recalibration/check',
    { ...auth, ...answers(recalibrationCheckResponse) },
    async (request) => {
      const frequency = await frequencyOf(request.user.userId);
      const { latest, state } = await status(request.user.userId);
      return ok(
        {
          needsRecalibration: state.needsRecalibration,
          daysUntilExpiry: state.daysUntilExpiry,
          lastCalibrationDate: latest?.createdAt.toISOString() ?? null,
          recalibrationFrequency: frequency,
        },
        state.needsRecalibration ? 'Recalibration needed' : 'Calibration is up to date',
      );
    },
  );

  app.get('/calibration/history', { ...auth, ...answers(calibrationHistoryResponse) }, async (request) => {
    const rows = await ctx.db
      .select()
      .from(calibrations)
      .where(eq(calibrations.userId, request.user.userId))
      .orderBy(desc(calibrations.createdAt))
      .limit(100);
    return ok(rows.map(toCalibration), 'Calibration history');
  });

  app.get('/calibration/progress', { ...auth, ...answers(calibrationProgressResponse) }, async (request) => {
    const range = parse(calibrationProgressQuery, request.query, 'query');
    const conditions = [eq(calibrations.userId, request.user.userId)];
    if (range.from) conditions.push(gte(calibrations.createdAt, range.from));
    if (range.to) conditions.push(lte(calibrations.createdAt, range.to));
    const rows = await ctx.db
      .select()
      .from(calibrations)
      .where(and(...conditions))
      .orderBy(asc(calibrations.createdAt));
    return ok(
      {
        calibrationProgress: rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          initialPostureScore: r.initialPostureScore,
          cranialVertebralAngle: r.cranialVertebralAngle,
        })),
      },
      'Calibration progress',
    );
  });

  app.get(
    '/calibration/recommendations',
    { ...auth, ...answers(recommendationsResponse) },
    async (request) => {
      const { latest, state } = await status(request.user.userId);
      const shares = await recentIssueShares(ctx.db, request.user.userId);
      return ok(
        recommendationsFor({
          calibration: latest,
          needsRecalibration: state.needsRecalibration,
          issueShares: Object.fromEntries(shares),
        }),
        'Recommendations',
      );
    },
  );

  app.get(
    '/calibration/ml/test-connection',
    { ...auth, ...answers(visionConnectionResponse) },
    async (_request, reply) => {
      const health = await visionHealth(ctx.config.visionUrl);
      if (!health.connected)
        return reply.status(503).send({
          success: false,
          error: {
            message: `The vision service is not reachable at ${ctx.config.visionUrl}.`,
            details: [{ field: 'vision', message: 'Vision service unavailable.' }],
          },
          data: { connected: false, url: ctx.config.visionUrl },
        });
      return ok({ connected: true, url: ctx.config.visionUrl }, 'Vision service is reachable.');
    },
  );

  app.post('/calibration/:id/process-ml', { ...auth, ...answers(calibrationResponse) }, async (request) => {
    const { id } = parse(calibrationIdParams, request.params, 'params');
    const row = await ownCalibration(request.user.userId, id);
    const stored = await storedPhotos(row.id);
    const images: Record<string, string> = {};
    for (const p of stored) {
      const bytes = await readStoredFile(ctx.db, ctx.config.dataDir, p.filePath);
      if (bytes) images[p.viewType] = `data:image/jpeg;base64,${bytes.toString('base64')}`;
    }
    if (!images.front || !images.left || !images.right)
      throw new ApiError(409, 'This calibration has no stored photos to analyse.');
    const analysis = await batchAnalyze(
      ctx.config.visionUrl,
      {
        front_image: images.front,
        left_image: images.left,
        right_image: images.right,
      },
      bearerOf(request),
    );
    const [updated] = await ctx.db
      .update(calibrations)
      .set({ ...metricsFrom(analysis), mlAnalysis: analysis })
      .where(eq(calibrations.id, row.id))
      .returning();
    return ok(toCalibration(updated ?? row), 'Calibration analysed.');
  });

  app.get('/calibration/:id', { ...auth, ...answers(calibrationDetailResponse) }, async (request) => {
    const { id } = parse(calibrationIdParams, request.params, 'params');
    const row = await ownCalibration(request.user.userId, id);
    const stored = await storedPhotos(row.id);
    return ok(
      {
        ...toCalibration(row),
        photos: stored.map((p) => ({
          viewType: p.viewType,
          bytes: p.bytes,
          capturedAt: p.capturedAt?.toISOString() ?? null,
          url: `/calibration/${row.id}/photos/${p.viewType}`,
        })),
      },
      'Calibration',
    );
  });

  app.get('/calibration/:id/photos/:view', auth, async (request, reply) => {
    const params = parse(calibrationPhotoParams, request.params, 'params');
    const row = await ownCalibration(request.user.userId, params.id);
    const [p] = await ctx.db
      .select()
      .from(calibrationPhotos)
      .where(and(eq(calibrationPhotos.calibrationId, row.id), eq(calibrationPhotos.viewType, params.view)));
    const bytes = p && (await readStoredFile(ctx.db, ctx.config.dataDir, p.filePath));
    if (!bytes) throw new ApiError(404, 'Photo not found.');
    return reply.type((await imageTypeOf(bytes))?.mime ?? 'application/octet-stream').send(bytes);
  });
}
