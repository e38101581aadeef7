// The calibration API's requests and answers, written once: the API validates and shapes with these schemas and
// the client's types (Calibration, CalibrationStatus, CalibrationProfile ...) are inferred from them.
import { dateRangeQuery, isoDateTime, requiredText, uuidParam } from '../http/fields';
import { envelope, z } from '../http/schema';
import { PHYSIOLOGICAL_RANGE, type RangedMetric } from './geometry';
import { PROFILE_NAME_MAX, PROFILE_SETUPS, parseProfileReference } from './profiles';

/** The calibration answer's and request's field that carries the vision service's signed measurement
 * (measurement.ts). Here, not beside the signing: the contracts are read by hosts without WebCrypto's types. */
export const MEASUREMENT_FIELD = 'signed_measurement';

export const CALIBRATION_VIEWS = ['front', 'left', 'right'] as const;

/** The largest photo the API stores (decoded bytes). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** A signed measurement: the batch analysis (keypoints of three views, the live reference) as a JWT, a few KB. */
export const MAX_MEASUREMENT_CHARS = 200_000;

export const outOfRangeMessage = (field: string, min: number, max: number) =>
  `${field} must be between ${min} and ${max} (the human range); a value outside it is a measuring error.`;

/**
 * A metric within its physiological range (calibration/geometry.ts), or absent. A value outside it
 * (a CVA of 92° from a frontal photo) is a measuring error and is refused, never stored.
 */
const ranged = (metric: RangedMetric, field: string) => {
  const { min, max } = PHYSIOLOGICAL_RANGE[metric];
  const message = outOfRangeMessage(field, min, max);
  return z.number().min(min, message).max(max, message).nullable().optional();
};

export const viewType = z.enum(CALIBRATION_VIEWS, { error: 'viewType must be front, left or right.' });

const keypoint = z.object({
  x: z.number().min(-1).max(2).nullable(),
  y: z.number().min(-1).max(2).nullable(),
  score: z.number().min(0).max(1).optional(),
  name: z.string().max(32).optional(),
});

/** Only what rebuilds the live reference: COCO-17 keypoints (normalised) and the frame size. No image. */
export const profileReferenceRequest = z.object(
  {
    keypoints: z.array(keypoint).min(7, 'reference.keypoints needs the head and shoulders.').max(17),
    frame: z.object({
      width: z.number().int().min(16).max(8192),
      height: z.number().int().min(16).max(8192),
    }),
    /** The brightness of the picture it was taken in (0-1), where the live monitor measured it. */
    light: z.number().min(0).max(1).optional(),
  },
  { error: 'reference must be the live calibration: keypoints and frame.' },
);

export const calibrationPhoto = z.object({
  viewType,
  photoUrl: z
    .string({ error: 'photoUrl must be a JPEG data URL.' })
    .min(1001, 'The photo is too small to be a capture.')
    .max(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 100, 'Each photo must be at most 5 MB.')
    .regex(/^data:image\/(jpeg|jpg|png);base64,[A-Za-z0-9+/]+=*$/, 'photoUrl must be a JPEG data URL.'),
  metadata: z.record(z.string(), z.unknown()).optional(),
  capturedAt: isoDateTime('capturedAt').optional(),
});

/** POST /calibration: three photos, and either the API's own analysis (processWithML) or the signed one. */
export const createCalibrationRequest = z.object({
  photos: z
    .array(calibrationPhoto, { error: 'photos must be a list of three photos.' })
    .length(3, 'Three photos are required: front, left and right.')
    .refine(
      (ps) => new Set(ps.map((p) => p.viewType)).size === 3,
      'One photo of each view is required: front, left and right.',
    ),
  processWithML: z.boolean({ error: 'processWithML must be true or false.' }),
  mlAnalysis: z
    .object({
      overall_score: z.number().min(0).max(100),
      metrics: z
        .object({
          cranial_vertebral_angle: ranged('cranialVertebralAngle', 'cranial_vertebral_angle'),
          forward_head_distance: ranged('forwardHeadDistance', 'forward_head_distance'),
          shoulder_tilt_angle: ranged('shoulderTiltAngle', 'shoulder_tilt_angle'),
          head_tilt_angle: ranged('headTiltAngle', 'head_tilt_angle'),
        })
        .partial()
        .optional(),
      // The front photo as the live model saw it (calibration/live-reference.ts): kept on the active profile.
      live_reference: profileReferenceRequest.nullable().optional(),
      live_reference_problem: z.string().max(500).optional(),
      assessment_notes: z
        .union([z.string().max(5000), z.array(z.string().max(1000)).max(50)])
        .nullable()
        .optional(),
      // The vision service's signature over its analysis and the photos (calibration/measurement.ts): what is
      // stored comes from it, not from the fields above, which are the client's copy.
      [MEASUREMENT_FIELD]: z
        .string({ error: `${MEASUREMENT_FIELD} must be the vision service's signed measurement.` })
        .max(MAX_MEASUREMENT_CHARS, `${MEASUREMENT_FIELD} is too long to be a signed measurement.`)
        .optional(),
    })
    .passthrough()
    .optional(),
});

export const calibrationIdParams = uuidParam;
export const calibrationPhotoParams = z.object({ id: z.string().max(100), view: z.enum(CALIBRATION_VIEWS) });
export const calibrationProgressQuery = dateRangeQuery;

const setup = z.enum(PROFILE_SETUPS, { error: `setup must be one of: ${PROFILE_SETUPS.join(', ')}.` });

export const createProfileRequest = z.object({
  name: requiredText('Profile name', PROFILE_NAME_MAX),
  setup,
  reference: profileReferenceRequest.nullable().optional(),
});

export const updateProfileRequest = z
  .object({
    name: requiredText('Profile name', PROFILE_NAME_MAX).optional(),
    setup: setup.optional(),
    reference: profileReferenceRequest.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update: send name, setup or reference.');

const iso = z.string();

/** A calibration as the API answers it: its figures of record (null when not measured). */
export const calibration = z.object({
  id: z.string(),
  createdAt: iso,
  initialPostureScore: z.number().nullable(),
  cranialVertebralAngle: z.number().nullable(),
  forwardHeadDistance: z.number().nullable(),
  shoulderTiltAngle: z.number().nullable(),
  headTiltAngle: z.number().nullable(),
  assessmentNotes: z.string().nullable(),
  /** True when the figures come from the vision service's analysis of the photos. */
  mlProcessed: z.boolean(),
});

/** GET /calibration/{id}: the calibration with its stored photos (each readable at `url`). */
export const calibrationDetail = calibration.extend({
  photos: z.array(
    z.object({
      viewType: z.enum(CALIBRATION_VIEWS),
      bytes: z.number(),
      capturedAt: iso.nullable(),
      url: z.string(),
    }),
  ),
});

export const calibrationStatus = z.object({
  hasActive: z.boolean(),
  needsRecalibration: z.boolean(),
  /** Whole days until the latest calibration expires; null without one, or when it never expires. */
  daysUntilExpiry: z.number().nullable(),
  calibration: calibration.nullable(),
});

export const recalibrationCheck = z.object({
  needsRecalibration: z.boolean(),
  daysUntilExpiry: z.number().nullable(),
  lastCalibrationDate: iso.nullable(),
  recalibrationFrequency: z.string(),
});

export const calibrationProgressItem = z.object({
  id: z.string(),
  createdAt: iso,
  initialPostureScore: z.number().nullable(),
  cranialVertebralAngle: z.number().nullable(),
});

export const recommendation = z.object({
  category: z.string(),
  recommendation: z.string(),
  priority: z.enum(['high', 'medium', 'low']),
});

/** GET /calibration/ml/test-connection when the vision service answers (a 503 in the error envelope when not). */
export const visionConnection = z.object({ connected: z.boolean(), url: z.string() });

/**
 * A profile's reference as stored: what a profile request or a photo calibration's live reference gave. Read as
 * the live monitor uses it (parseProfileReference): a part the model did not find is null in JSON, not found
 * (NaN) once read; the answer's JSON is the same.
 */
const storedReference = z
  .object({
    keypoints: z.array(
      z.object({
        x: z.number().nullable(),
        y: z.number().nullable(),
        score: z.number().nullable().optional(),
        name: z.string().optional(),
      }),
    ),
    frame: z.object({ width: z.number(), height: z.number() }),
    light: z.number().optional(),
  })
  .transform(parseProfileReference);

export const calibrationProfile = z.object({
  id: z.string(),
  name: z.string(),
  setup: z.enum(PROFILE_SETUPS),
  /** Null until the user calibrated the live monitor in this profile. */
  reference: storedReference.nullable(),
  active: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
});

export const calibrationResponse = envelope(calibration);
export const calibrationOrNoneResponse = envelope(calibration.nullable());
export const calibrationDetailResponse = envelope(calibrationDetail);
export const calibrationHistoryResponse = envelope(z.array(calibration));
export const calibrationStatusResponse = envelope(calibrationStatus);
export const recalibrationCheckResponse = envelope(recalibrationCheck);
export const calibrationProgressResponse = envelope(
  z.object({ calibrationProgress: z.array(calibrationProgressItem) }),
);
export const recommendationsResponse = envelope(z.array(recommendation));
export const visionConnectionResponse = envelope(visionConnection);
export const calibrationProfileResponse = envelope(calibrationProfile);
export const calibrationProfilesResponse = envelope(z.array(calibrationProfile));
export const calibrationProfileDeletedResponse = envelope(z.object({ id: z.string() }));

export type ViewType = z.infer<typeof viewType>;
export type CalibrationPhoto = z.input<typeof calibrationPhoto>;
export type CreateCalibrationPayload = z.input<typeof createCalibrationRequest>;
export type Calibration = z.infer<typeof calibration>;
export type CalibrationDetail = z.infer<typeof calibrationDetail>;
export type CalibrationStatus = z.infer<typeof calibrationStatus>;
export type RecalibrationCheck = z.infer<typeof recalibrationCheck>;
export type CalibrationProgressItem = z.infer<typeof calibrationProgressItem>;
export type Recommendation = z.infer<typeof recommendation>;
export type VisionConnection = z.infer<typeof visionConnection>;
export type CalibrationProfile = z.infer<typeof calibrationProfile>;
export type CreateProfilePayload = z.input<typeof createProfileRequest>;
export type UpdateProfilePayload = z.input<typeof updateProfileRequest>;
