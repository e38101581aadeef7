// Why photo analysis failed, in the specification's form ('Failed to process photos: {reason}'), with the
// photo service's own reason instead of only its status code, and what the user can do next.

import { processPhotosFailed } from '../../texts/calibration';
import { ApiError, errorBodyTexts, NetworkError } from '../http/errors';

/** What to do next, per kind of failure. */
export const PHOTO_NEXT_STEPS = {
  manyPeople: 'Make sure you are alone in the picture, then take the photos again.',
  noPerson:
    "Sit about an arm's length from the camera in good light, with your head and both shoulders in view, then take the photos again.",
  unreachable:
    'The photo analysis service did not answer. Check your connection, then try again in a moment.',
  other: 'Take the photos again. If it keeps failing, try again later.',
} as const;

export type PhotoFailureKind = keyof typeof PHOTO_NEXT_STEPS;

export interface PhotoFailure {
  /** 'Failed to process photos: {reason}'. */
  message: string;
  kind: PhotoFailureKind;
  nextStep: string;
}

const VIEW_OF_FIELD: Record<string, string> = {
  front_image: 'front photo',
  left_image: 'left photo',
  right_image: 'right photo',
};

/** The photo the service named in its error details (`front_image` …), if any. */
function viewNamed(body: unknown): string | null {
  const details = (body as { error?: { details?: { field?: unknown }[] } } | null)?.error?.details;
  const field = Array.isArray(details) ? details[0]?.field : undefined;
  return typeof field === 'string' ? (VIEW_OF_FIELD[field] ?? null) : null;
}

/**
 * The photo service's answers are told apart by their text (vision's photo MESSAGES): 'More than one person
 * detected …' and 'No person detected …'.
 */
function kindOf(text: string): PhotoFailureKind {
  if (/more than one person/i.test(text)) return 'manyPeople';
  if (/no person/i.test(text)) return 'noPerson';
  return 'other';
}

export function photoFailure(error: unknown): PhotoFailure {
  if (error instanceof NetworkError) {
    return {
      message: processPhotosFailed(error.message),
      kind: 'unreachable',
      nextStep: PHOTO_NEXT_STEPS.unreachable,
    };
  }
  if (error instanceof ApiError) {
    const said = errorBodyTexts(error.body)[0];
    if (said) {
      const view = viewNamed(error.body);
      const kind = kindOf(said);
      return {
        // The view is named once: some service messages name it already ("The front photo: …").
        message: processPhotosFailed(view && !said.toLowerCase().includes(view) ? `${view}: ${said}` : said),
        kind,
        nextStep: PHOTO_NEXT_STEPS[kind],
      };
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  return { message: processPhotosFailed(text), kind: 'other', nextStep: PHOTO_NEXT_STEPS.other };
}
