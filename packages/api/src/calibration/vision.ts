// Server-to-server calls to the vision service's photo analysis (brief: "Photo analysis" contract).
import { ApiError } from '../http/envelope.ts';

export interface BatchAnalysis {
  success: true;
  overall_score: number;
  metrics: {
    cranial_vertebral_angle?: number | null;
    forward_head_distance?: number | null;
    shoulder_tilt_angle?: number | null;
    head_tilt_angle?: number | null;
  };
  assessment_notes?: string | string[] | null;
  [key: string]: unknown;
}

const ANALYSIS_TIMEOUT_MS = 90_000;
const HEALTH_TIMEOUT_MS = 5_000;

function unreachable(visionUrl: string) {
  return new ApiError(503, `The vision service is not reachable at ${visionUrl}. Start it and try again.`, [
    { field: 'vision', message: 'Vision service unavailable.' },
  ]);
}

export async function batchAnalyze(
  visionUrl: string,
  images: { front_image: string; left_image: string; right_image: string },
  /** The user's access token: the vision service limits photo calls per account with it (per address without). */
  accessToken?: string,
): Promise<BatchAnalysis> {
  let res: Response;
  try {
    res = await fetch(`${visionUrl}/calibration/batch-analyze`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(images),
      signal: AbortSignal.timeout(ANALYSIS_TIMEOUT_MS),
    });
  } catch {
    throw unreachable(visionUrl);
  }
  const body = (await res.json().catch(() => null)) as
    | (BatchAnalysis & { error?: { message?: string; details?: { field: string; message: string }[] } })
    | null;
  if (res.status === 400 || res.status === 422) {
    // The photos themselves are the problem (no person, several people, unreadable): the user must retake them.
    const message = body?.error?.message ?? 'The vision service could not analyse the photos.';
    throw new ApiError(422, message, body?.error?.details ?? [{ field: 'photos', message }]);
  }
  if (!res.ok || !body || body.success !== true || typeof body.overall_score !== 'number')
    throw new ApiError(502, `The vision service answered with an error (${res.status}).`, [
      { field: 'vision', message: 'Unexpected answer from the vision service.' },
    ]);
  return body;
}

export async function visionHealth(
  visionUrl: string,
): Promise<{ connected: boolean; status: number | null }> {
  try {
    const res = await fetch(`${visionUrl}/model/realtime/health-check`, {
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    return { connected: res.ok, status: res.status };
  } catch {
    return { connected: false, status: null };
  }
}

export function notesText(notes: BatchAnalysis['assessment_notes']): string | null {
  if (Array.isArray(notes)) return notes.join(' ');
  return typeof notes === 'string' ? notes : null;
}
