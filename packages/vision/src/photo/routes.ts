// POST /calibration/analyze and /calibration/batch-analyze (second document, section 7.3; no auth).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { EnginePool } from '../engine/pool.ts';
import { sendError, zodDetails } from '../errors.ts';
import { assessmentNotes, overallScore, type ViewMetrics, type ViewType } from './metrics.ts';
import { analyzePhoto, decodeDataUrl, PhotoError, type ViewAnalysis } from './service.ts';

const AnalyzeBody = z.object({
  image_data: z.string().min(1, 'image_data is required'),
  view_type: z.enum(['front', 'left', 'right']),
});

const BatchBody = z.object({
  front_image: z.string().min(1, 'front_image is required'),
  left_image: z.string().min(1, 'left_image is required'),
  right_image: z.string().min(1, 'right_image is required'),
});

const mean = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined ? Math.round(((a + b) / 2) * 10) / 10 : (a ?? b);

export const photoRoutes: FastifyPluginAsync<{ pool: EnginePool }> = async (app, { pool }) => {
  const run = async (reply: Parameters<typeof sendError>[0], work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PhotoError)
        return sendError(reply, error.status, error.message, [
          { field: error.field, message: error.message },
        ]);
      throw error;
    }
  };

  app.post('/calibration/analyze', async (request, reply) => {
    const parsed = AnalyzeBody.safeParse(request.body);
    if (!parsed.success)
      return sendError(reply, 400, 'Invalid photo analysis request', zodDetails(parsed.error));
    const { image_data, view_type } = parsed.data;
    return run(reply, async () => {
      const bytes = decodeDataUrl(image_data, 'image_data');
      const view = await analyzePhoto(pool, bytes, view_type, 'image_data');
      return {
        success: true,
        view_type,
        metrics: view.metrics,
        ...(view.not_measurable ? { not_measurable: view.not_measurable } : {}),
        assessment_notes: view.not_measurable ?? assessmentNotes(view.metrics),
        views: { [view_type]: view },
      };
    });
  });

  app.post('/calibration/batch-analyze', async (request, reply) => {
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
      for (const [i, [view, field]] of photos.entries()) {
        const analysis = await analyzePhoto(pool, bytes[i] as Uint8Array, view, field);
        // A calibration needs every view measured: the wizard shows this message so the photo is retaken.
        if (analysis.not_measurable)
          throw new PhotoError(422, `The ${view} photo: ${analysis.not_measurable}`, field);
        views[view] = analysis;
      }
      const { front, left, right } = views as Record<ViewType, ViewAnalysis>;
      const metrics: ViewMetrics = {
        cranial_vertebral_angle: mean(
          left.metrics.cranial_vertebral_angle,
          right.metrics.cranial_vertebral_angle,
        ),
        forward_head_distance: mean(left.metrics.forward_head_distance, right.metrics.forward_head_distance),
        shoulder_tilt_angle: front.metrics.shoulder_tilt_angle,
        head_tilt_angle: front.metrics.head_tilt_angle,
      };
      return {
        success: true,
        overall_score: overallScore(metrics),
        metrics,
        assessment_notes: assessmentNotes(metrics),
        views,
      };
    });
  });
};
