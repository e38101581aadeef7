// A calibration's figures are the vision service's measurement of its photos, never a client's claim. The wizard
// measures the photos with the vision service (its batch analysis) and hands back, with the same photos, the
// answer's signed measurement (core calibration/measurement.ts): an ES256 JWT of the analysis and each photo's
// SHA-256. It is verified here against the key the vision service publishes (GET {VISION_URL}/.well-known/
// jwks.json, the same address the API calls for its own measurements) and against the photos received; what is
// stored is the signed analysis, not the client's copy of it. Anything else is refused (422), not measured again:
// the client asked for its measurement to be stored (processWithML false), and measuring again would send the
// photos to the vision service a second time and could store figures other than those the user was shown.

import { createHash } from 'node:crypto';
import { JWKS_PATH } from '@posture-vision/core/auth';
import {
  MEASURED_VIEWS,
  MEASUREMENT_AUDIENCE,
  MEASUREMENT_FIELD,
  MEASUREMENT_ISSUER,
  type PhotoDigests,
  unmeasuredViews,
} from '@posture-vision/core/calibration';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { ApiError } from '../http/envelope.ts';

export type MeasuredAnalysis = Record<string, unknown> & { overall_score: number };

/** Fetching the vision service's key: how long to wait, and how soon an unknown key id may fetch it again. */
const JWKS_TIMEOUT_MS = 5_000;
const JWKS_COOLDOWN_MS = 5_000;

/** The refusals, each naming the field the client can fix. */
export const MEASUREMENT_REFUSED = {
  unsigned: `mlAnalysis is not a measurement of the vision service: send its batch analysis answer unchanged (with ${MEASUREMENT_FIELD}), or set processWithML to have the photos measured.`,
  invalid: `mlAnalysis is not a measurement of the vision service: its ${MEASUREMENT_FIELD} does not verify (changed, expired or signed by another key). Measure the photos again.`,
  otherPhotos: (views: string[]) =>
    `mlAnalysis is a measurement of other photos (${views.join(', ')}): send the photos that were measured, or measure these.`,
} as const;

const refused = (message: string) => new ApiError(422, message, [{ field: 'mlAnalysis', message }]);

/** The errors of a signature that is not the vision service's, as opposed to a key that could not be fetched. */
const NOT_ITS_SIGNATURE = [
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

function digest(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export type MeasurementVerifier = (
  mlAnalysis: Record<string, unknown>,
  photos: Record<(typeof MEASURED_VIEWS)[number], Buffer>,
) => Promise<MeasuredAnalysis>;

export function measurementVerifier(visionUrl: string): MeasurementVerifier {
  const jwks = createRemoteJWKSet(new URL(`${visionUrl}${JWKS_PATH}`), {
    timeoutDuration: JWKS_TIMEOUT_MS,
    cooldownDuration: JWKS_COOLDOWN_MS,
  });
  return async (mlAnalysis, photos) => {
    const token = mlAnalysis[MEASUREMENT_FIELD];
    if (typeof token !== 'string' || !token) throw refused(MEASUREMENT_REFUSED.unsigned);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: MEASUREMENT_ISSUER,
        audience: MEASUREMENT_AUDIENCE,
        algorithms: ['ES256'],
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      if (NOT_ITS_SIGNATURE.some((kind) => error instanceof kind)) throw refused(MEASUREMENT_REFUSED.invalid);
      // The key could not be fetched: nothing is wrong with the client's measurement.
      throw new ApiError(
        503,
        `The vision service is not reachable at ${visionUrl} to verify the analysis. Try again in a moment.`,
        [{ field: 'vision', message: 'Vision service unavailable.' }],
      );
    }
    const received = Object.fromEntries(
      MEASURED_VIEWS.map((view) => [view, digest(photos[view])]),
    ) as PhotoDigests;
    const signed = (payload.photos ?? {}) as Partial<PhotoDigests>;
    const other = unmeasuredViews(signed, received);
    if (other.length) throw refused(MEASUREMENT_REFUSED.otherPhotos(other));
    const analysis = payload.analysis as Record<string, unknown> | undefined;
    if (!analysis || typeof analysis.overall_score !== 'number') throw refused(MEASUREMENT_REFUSED.invalid);
    // Stored with its signature, so the figures can be checked against the photos again later.
    return { ...analysis, overall_score: analysis.overall_score, [MEASUREMENT_FIELD]: token };
  };
}
