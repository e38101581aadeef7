// POST /calibration/analyze and /calibration/batch-analyze (called without an
// authorization header by the web wizard, and server-to-server by the API with the user's bearer token).
// A batch answer is signed (core calibration/measurement.ts): its analysis and each photo's SHA-256, so the API
// stores the figures of a calibration only as measured here on those photos; GET /.well-known/jwks.json publishes
// the key (auth/measurement-key.ts).
// Anyone can call them, and each photo takes a worker for a few hundred ms, so: a strict limit per address for
// calls without a valid token, a wider one per account with one, and at most PHOTO_WORKERS photo analyses in
// the workers at once, so photos never take every worker from live frames.
import { JWKS_PATH } from '@posture-vision/core/auth';
import { MEASUREMENT_FIELD, photoDigest } from '@posture-vision/core/calibration';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MeasurementKeys } from '../auth/measurement-key.ts';
import { tokenFromAuthorization, type Verify } from '../auth/tokens.ts';
import type { EnginePool } from '../engine/pool.ts';
import { sendError, zodDetails } from '../errors.ts';
import { assessmentNotes, calibrationMetrics, overallScore, type ViewType } from './metrics.ts';
import { analyzePhoto, decodeDataUrl, liveReference, PhotoError, type ViewAnalysis } from './service.ts';

const AnalyzeBody = z.object({
  image_data: z.string().min(1, 'image_data is required'),
  view_type: z.enum(['front', 'left', 'right']),
});

const BatchBody = z.object({
  front_image: z.string().min(1, 'front_image is required'),
  left_image: z.string().min(1, 'left_image is required'),
  right_image: z.string().min(1, 'right_image is required'),
});

/** Photo calls per minute from one address without a valid token. A wizard run is 4 calls and one more per retake
 * (each photo is checked as it is taken, then the three are analysed together): 20 leaves room for a person who
 * retakes every photo twice and runs the wizard again within the minute, and still stops a loop of calls. */
export const ANONYMOUS_PHOTO_CALLS_PER_MINUTE = 20;
/** Photo calls per minute for one account (a valid token; the API forwards the user's). */
export const ACCOUNT_PHOTO_CALLS_PER_MINUTE = 30;
/** Photo calls waiting for the photo gate before the service answers 503 instead of queueing more. */
export const PHOTO_QUEUE_MAX = 8;

/** Workers photo analyses may hold at once: all but one, so live frames always find a worker. */

/** A view as the answer gives it: its keypoints, metrics and why it is not measurable (the camera roll and the
 * looks the analysis took are its own business). */
function answered(view: ViewAnalysis): Pick<ViewAnalysis, 'keypoints' | 'metrics' | 'not_measurable'> {
  return {
    keypoints: view.keypoints,
    metrics: view.metrics,
    ...(view.not_measurable ? { not_measurable: view.not_measurable } : {}),
  };
}

/** The answer's live reference fields: the front photo as the live model saw it, or why it cannot be one. */
function liveAnswer(front: ViewAnalysis) {
  const live = liveReference(front);
  return {
    live_reference: live.reference,
    ...(live.problem ? { live_reference_problem: live.problem } : {}),
  };
}

export function photoWorkers(poolSize: number): number {
  return Math.max(1, poolSize - 1);
}

/** A counting gate: at most `size` holders; waiters beyond `queueMax` are refused. */
function gate(size: number, queueMax: number) {
  let held = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T | null> => {
    if (held >= size) {
      if (waiting.length >= queueMax) return null;
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else held += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else held -= 1;
    }
  };
}

/** Photo calls per minute: without a valid token (per address) and with one (per account). */
export interface PhotoLimits {
  anonymous: number;
  account: number;
}

export const DEFAULT_PHOTO_LIMITS: PhotoLimits = {
  anonymous: ANONYMOUS_PHOTO_CALLS_PER_MINUTE,
  account: ACCOUNT_PHOTO_CALLS_PER_MINUTE,
};

export const photoRoutes: FastifyPluginAsync<{
  pool: EnginePool;
  verify: Verify;
  /** The key batch answers are signed with. */
  keys: MeasurementKeys;
  limits?: PhotoLimits;
}> = async (app, { pool, verify, keys, limits = DEFAULT_PHOTO_LIMITS }) => {
  const photoGate = gate(photoWorkers(pool.size), PHOTO_QUEUE_MAX);
  /** The account of a valid bearer token, checked once per request. */
  const accountOf = async (request: FastifyRequest): Promise<string | null> => {
    const token = tokenFromAuthorization(request.headers.authorization);
    if (!token) return null;
    const claims = await verify(token).catch(() => null);
    return claims?.sub ?? null;
  };
  const limited = {
    config: {
      rateLimit: {
        max: async (request: FastifyRequest) =>
          (await accountOf(request)) ? limits.account : limits.anonymous,
        timeWindow: 60_000,
        keyGenerator: async (request: FastifyRequest) => {
          const account = await accountOf(request);
          return account ? `photo:account:${account}` : `photo:address:${request.ip}`;
        },
      },
    },
  };
  const run = async (reply: Parameters<typeof sendError>[0], work: () => Promise<unknown>) => {
    try {
      const result = await photoGate(work);
      if (result === null)
        return sendError(reply, 503, 'Photo analysis is busy. Please try again in a moment.', [
          { field: 'photos', message: 'Too many photo analyses at once.' },
        ]);
      return result;
    } catch (error) {
      if (error instanceof PhotoError)
        return sendError(reply, error.status, error.message, [
          { field: error.field, message: error.message },
        ]);
      throw error;
    }
  };

  app.post('/calibration/analyze', limited, async (request, reply) => {
    const parsed = AnalyzeBody.safeParse(request.body);
    if (!parsed.success)
      return sendError(reply, 400, 'Invalid photo analysis request', zodDetails(parsed.error));
    const { image_data, view_type } = parsed.data;
    return run(reply, async () => {
      const bytes = decodeDataUrl(image_data, 'image_data');
      const view = await analyzePhoto(pool, bytes, view_type, 'image_data');
      // A front photo's preview says whether it can be the live reference too (the batch answer carries it).
      const live = view_type === 'front' ? liveAnswer(view) : {};
      return {
        success: true,
        view_type,
        metrics: view.metrics,
        ...(view.not_measurable ? { not_measurable: view.not_measurable } : {}),
        assessment_notes: assessmentNotes(view.metrics, view.not_measurable ? [view.not_measurable] : []),
        views: { [view_type]: answered(view) },
        ...live,
      };
    });
  });

  app.post('/calibration/batch-analyze', limited, async (request, reply) => {
    const parsed = BatchBody.safeParse(request.body);
    if (!parsed.success)
      return sendError(reply, 400, 'Invalid batch photo analysis request', zodDetails(parsed.error));
    return run(reply, async () => {
      const photos: [ViewType, string, string][] = [
        ['front', 'front_image', parsed.data.front_image],
        ['left', 'left_image', parsed.data.left_image],
        ['right', 'right_image', parsed.data.right_image],
      ];
      const bytes = photos.map(([, field, value]) => decodeDataUrl(value, field));
      const views: Partial<Record<ViewType, ViewAnalysis>> = {};
      const notMeasured: string[] = [];
      for (const [i, [view, field]] of photos.entries()) {
        const analysis = await analyzePhoto(pool, bytes[i] as Uint8Array, view, field);
        if (analysis.not_measurable) {
          const reason = `The ${view} photo: ${analysis.not_measurable}`;
          // A calibration needs both side views' CVA (the wizard shows this message so the photo is retaken). A side
          // view that gave its CVA without the forward head distance (a head hung too low for the distance's model)
          // is a measurement, not a failure. The front photo's tilts it can do without: a shoulder hidden by hair or
          // dark clothes would otherwise refuse every calibration of that person, and no session can start without
          // one. The notes say which metric is missing and why; the score counts what was measured (overallScore).
          if (view !== 'front' && analysis.metrics.cranial_vertebral_angle === undefined)
            throw new PhotoError(422, reason, field);
          notMeasured.push(reason);
        }
        views[view] = analysis;
      }
      const metrics = calibrationMetrics(views as Record<ViewType, ViewAnalysis>);
      const analysis = {
        success: true,
        overall_score: overallScore(metrics),
        metrics,
        assessment_notes: assessmentNotes(metrics, notMeasured),
        ...liveAnswer(views.front as ViewAnalysis),
        views: Object.fromEntries(Object.entries(views).map(([k, v]) => [k, answered(v)])),
      };
      const [front, left, right] = await Promise.all(bytes.map(photoDigest));
      let signed: string;
      try {
        signed = await keys.sign({ photos: { front, left, right } as Record<ViewType, string>, analysis });
      } catch {
        throw new PhotoError(503, MEASUREMENT_UNSIGNED, 'photos');
      }
      return { ...analysis, [MEASUREMENT_FIELD]: signed };
    });
  });

  // The public key of the signed measurements, for the API (through the balancer: every instance has the same).
  app.get(JWKS_PATH, async (_request, reply) => {
    try {
      return reply.header('cache-control', 'public, max-age=300').send(await keys.jwks());
    } catch {
      return sendError(reply, 503, MEASUREMENT_UNSIGNED);
    }
  });
};

/** The signing key could not be loaded (its shared store is unreachable): no measurement is answered unsigned. */
export const MEASUREMENT_UNSIGNED =
  'Photo measurements cannot be signed right now. Please try again in a moment.';
