// The wizard checks each photo as it is taken (POST /calibration/analyze on that one photo, before Next): what the
// photo gave, what is wrong with it and whether the calibration can go on with it. A photo that cannot give what the
// calibration needs (a side photo without a CVA, a front photo without either tilt, no person, several people) is
// retaken alone; one that gave part of it (a front photo whose shoulder tilt was not found, a side photo whose head
// hangs too low for the forward head distance) goes on with the reason shown, as the batch analysis accepts it.
import { ApiError, errorBodyTexts, NetworkError } from '../http/errors';
import { cvaStatus } from './metrics';

export type PhotoView = 'front' | 'left' | 'right';

export interface PhotoCheck {
  /** measured: all this view gives; partly: some of it, with the reason; retake: nothing the calibration needs;
   * unchecked: the analysis could not be reached (the photos are measured together at the end). */
  state: 'measured' | 'partly' | 'retake' | 'unchecked';
  /** What the photo gave, or what is wrong and what to change. */
  message: string;
}

export const PHOTO_CHECK_MESSAGES = {
  checking: 'Checking this photo...',
  retake: 'Retake this photo; the others are kept.',
  unchecked: (reason: string) =>
    `This photo could not be checked now (${reason}); it will be measured with the others at the end.`,
  noMetric: 'Posture could not be measured in this photo.',
} as const;

const one = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(1) : null);

/** What a view's answer measured, in words ("CVA 52.3° (good)"). */
function measuredText(view: PhotoView, metrics: Record<string, unknown>): string | null {
  if (view === 'front') {
    const parts = [
      one(metrics.shoulder_tilt_angle) && `shoulder tilt ${one(metrics.shoulder_tilt_angle)}°`,
      one(metrics.head_tilt_angle) && `head tilt ${one(metrics.head_tilt_angle)}°`,
    ].filter(Boolean);
    return parts.length ? `Measured: ${parts.join(', ')}.` : null;
  }
  const cva = metrics.cranial_vertebral_angle;
  if (typeof cva !== 'number' || !Number.isFinite(cva)) return null;
  return `Measured: cranial vertebral angle ${cva.toFixed(1)}° (${cvaStatus(cva)}).`;
}

/** The check of one photo from the photo call's answer. */
export function photoCheck(view: PhotoView, answer: Record<string, unknown>): PhotoCheck {
  const metrics = (answer.metrics ?? {}) as Record<string, unknown>;
  const reason = typeof answer.not_measurable === 'string' ? answer.not_measurable : null;
  const measured = measuredText(view, metrics);
  if (!measured)
    return {
      state: 'retake',
      message: `${reason ?? PHOTO_CHECK_MESSAGES.noMetric} ${PHOTO_CHECK_MESSAGES.retake}`,
    };
  return reason
    ? { state: 'partly', message: `${measured} ${reason}` }
    : { state: 'measured', message: measured };
}

/** The check of one photo the photo call refused (no person, several people, unreadable) or could not answer. */
export function photoCheckFailure(error: unknown): PhotoCheck {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const said = errorBodyTexts(error.body)[0] ?? error.message;
    return { state: 'retake', message: `${said} ${PHOTO_CHECK_MESSAGES.retake}` };
  }
  const reason = error instanceof NetworkError || error instanceof Error ? error.message : String(error);
  return { state: 'unchecked', message: PHOTO_CHECK_MESSAGES.unchecked(reason) };
}
