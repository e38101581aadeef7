// The live tool's HTTP calls to the vision service: model status and calibration, with their error texts.
import { type ProfileReference, parseProfileReference } from '../../domain/calibration/profiles';
import {
  calibrationErrorStatus,
  calibrationNoDataStatus,
  isAuthStatus,
  LIVE_MESSAGES,
  modelStatusLabel,
  testFailedStatus,
} from '../../texts/live';

export interface VisionHttpOptions {
  /** Vision HTTP base, from `resolveVisionUrls`. */
  httpUrl: string;
  fetch?: typeof fetch;
  /** The user's access token, sent as a bearer when present (anonymous use is allowed). */
  getAccessToken?: () => Promise<string | null> | string | null;
}

async function get(options: VisionHttpOptions, path: string): Promise<Response> {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const token = (await options.getAccessToken?.()) ?? null;
  return doFetch(`${options.httpUrl.replace(/\/+$/, '')}${path}`, {
    method: 'GET',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const value = await response.json().catch(() => null);
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

export type ModelStatusResult =
  /** The model-status call answered: label 'Model status: {model_status}'. */
  | { kind: 'ready'; label: string; modelStatus: string; message: string; loading: ModelLoading | null }
  /** 401/403: the user must log in. */
  | { kind: 'auth'; label: string; status: string }
  /** The status call failed; the health check says whether the server is reachable at all. */
  | { kind: 'unknown' | 'unreachable'; label: string; status: string };

/** While the service loads its models: workers done of total and seconds since loading began. */
export interface ModelLoading {
  done: number;
  total: number;
  seconds: number;
}

function loadingProgress(modelStatus: string, body: Record<string, unknown>): ModelLoading | null {
  if (modelStatus !== 'loading') return null;
  const progress = body.progress as { done?: unknown; total?: unknown } | undefined;
  const done = typeof progress?.done === 'number' ? progress.done : 0;
  const total = typeof progress?.total === 'number' && progress.total > 0 ? progress.total : 1;
  const seconds = typeof body.loading_seconds === 'number' ? body.loading_seconds : 0;
  return { done, total, seconds };
}

/** GET /model/realtime/face-direction-identifier, falling back to the health check when it fails. */
export async function checkModelStatus(options: VisionHttpOptions): Promise<ModelStatusResult> {
  try {
    const response = await get(options, '/model/realtime/face-direction-identifier');
    if (isAuthStatus(response.status)) {
      return {
        kind: 'auth',
        label: LIVE_MESSAGES.authenticationRequiredLabel,
        status: LIVE_MESSAGES.loginRequired,
      };
    }
    if (response.ok) {
      const body = await json(response);
      const modelStatus = String(body.model_status ?? 'unknown');
      return {
        kind: 'ready',
        label: modelStatusLabel(modelStatus),
        modelStatus,
        message: String(body.message ?? ''),
        loading: loadingProgress(modelStatus, body),
      };
    }
  } catch {
    // Falls through to the health check.
  }
  const status = LIVE_MESSAGES.serverUnreachable;
  try {
    const health = await get(options, '/model/realtime/health-check');
    if (health.ok) return { kind: 'unknown', label: LIVE_MESSAGES.healthOk, status };
  } catch {
    // Unreachable.
  }
  return { kind: 'unreachable', label: LIVE_MESSAGES.healthFailed, status };
}

export type CalibrationResult =
  | {
      ok: true;
      message: string;
      /** The calibration frame as a data URL. */
      image: string | null;
      outline: [number, number][];
      /** The frame size at calibration, when the service gives it. */
      frameSize: { width: number; height: number } | null;
      /** The reference taken (keypoints and frame), when the producer gives it: kept on the active profile. */
      reference: ProfileReference | null;
    }
  | { ok: false; status: string; enableDebug: boolean };

export const CALIBRATION_SUCCESS = 'Calibration successful';
export const CALIBRATION_NONE = 'No calibration data found';

/** GET /model/realtime/calibrate/{peerId}: needs a connected peer and a peer id. */
export async function requestCalibration(
  options: VisionHttpOptions & { peerId: string | null; connected: boolean },
): Promise<CalibrationResult> {
  if (!options.connected || !options.peerId) {
    return { ok: false, status: LIVE_MESSAGES.notConnected, enableDebug: false };
  }
  let response: Response;
  try {
    response = await get(options, `/model/realtime/calibrate/${encodeURIComponent(options.peerId)}`);
  } catch (error) {
    return { ok: false, status: calibrationErrorStatus((error as Error).message), enableDebug: true };
  }
  const body = await json(response);
  if (!response.ok) {
    const err = body.error as { message?: unknown } | undefined;
    const reason = typeof err?.message === 'string' ? err.message : `HTTP ${response.status}`;
    return { ok: false, status: calibrationErrorStatus(reason), enableDebug: true };
  }
  if (body.message === CALIBRATION_SUCCESS) {
    const size = body.frame_size as { width?: unknown; height?: unknown } | undefined;
    return {
      ok: true,
      message: CALIBRATION_SUCCESS,
      image: typeof body.image === 'string' ? body.image : null,
      outline: Array.isArray(body.outline) ? (body.outline as [number, number][]) : [],
      frameSize:
        typeof size?.width === 'number' && typeof size.height === 'number'
          ? { width: size.width, height: size.height }
          : null,
      reference: parseProfileReference(body.reference),
    };
  }
  if (body.message === CALIBRATION_NONE) {
    const reason = typeof body.reason === 'string' && body.reason ? body.reason : null;
    return { ok: false, status: calibrationNoDataStatus(reason), enableDebug: false };
  }
  return { ok: false, status: LIVE_MESSAGES.calibrationUnexpected, enableDebug: false };
}

/** Test Calibration: the same call, reporting 'No peer ID available' or 'Test failed - {status}'. */
export async function testCalibration(
  options: VisionHttpOptions & { peerId: string | null },
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; status: string }> {
  if (!options.peerId) return { ok: false, status: LIVE_MESSAGES.noPeerId };
  try {
    const response = await get(options, `/model/realtime/calibrate/${encodeURIComponent(options.peerId)}`);
    if (!response.ok) return { ok: false, status: testFailedStatus(response.status) };
    return { ok: true, body: await json(response) };
  } catch (error) {
    return { ok: false, status: testFailedStatus((error as Error).message) };
  }
}
