// The overlay's draw loop: one draw per camera frame, always with the newest
// detection frame; the outline and arrows only in Active Mode while the posture is deviated; the overlay and
// detection rates over a 5 s window.
import {
  centroid,
  correctionArrows,
  type DetectionFrame,
  isDrawableKeypoint,
  OUTLINE_KEYPOINTS,
  type Point,
  placeOutline,
  type Size,
  shouldDrawCorrections,
} from '@posture-vision/core';
import { drawOverlay, type OverlayDrawing, type OverlayLayers } from './overlay.ts';
import type { DrawnTotals } from './tool-state.ts';

/** Detection frames may arrive in bursts: rates over the last 5 s (or since the start) read steadier. */
export const RATE_WINDOW_MS = 5000;

/** Events per second over the window, to one decimal; the times are pruned to the window in place. */
export function rateOver(times: number[], now: number, startedAt: number): number {
  const since = Math.max(startedAt, now - RATE_WINDOW_MS);
  const kept = times.filter((t) => t >= since);
  times.splice(0, times.length, ...kept);
  const seconds = Math.max(0.001, (now - since) / 1000);
  return Math.round((kept.length / seconds) * 10) / 10;
}

export function addDrawing(total: DrawnTotals, drawn: OverlayDrawing): DrawnTotals {
  return {
    keypoints: total.keypoints + drawn.keypoints,
    handPoints: total.handPoints + drawn.handPoints,
    boxes: total.boxes + drawn.boxes,
    outlinePoints: total.outlinePoints + drawn.outlinePoints,
    arrows: total.arrows + drawn.arrows,
    overlayFrames: total.overlayFrames + 1,
  };
}

/** The outline and arrows to draw on a canvas of this size: only in Active Mode while the posture is deviated
 * (the live tool's correction arrows); the outline follows the person's head and shoulders. */
export function corrections(
  frame: DetectionFrame | null,
  activeMode: boolean,
  outline: readonly (readonly [number, number])[],
  calibrationFrame: Size,
  size: Size,
): { outline: Point[]; arrows: ReturnType<typeof correctionArrows> } | null {
  const posture = frame?.temporal_posture_data ?? null;
  const pose = frame?.hns?.poses?.[0];
  if (!pose || !posture || !shouldDrawCorrections(activeMode, posture)) return null;
  const head = OUTLINE_KEYPOINTS.map((i) => pose[i])
    .filter(isDrawableKeypoint)
    .map((k) => ({ x: k.x * size.width, y: k.y * size.height }));
  const placed = placeOutline(outline, calibrationFrame, size, head.length ? centroid(head) : null);
  return { outline: placed ?? [], arrows: correctionArrows(pose, posture, size) };
}

export interface DrawSource {
  /** The newest detection frame, the layers to draw and the corrections for a canvas size. */
  frame(): DetectionFrame | null;
  layers(): OverlayLayers;
  corrections(size: Size): ReturnType<typeof corrections>;
  paused(): boolean;
  drawn(drawing: OverlayDrawing): void;
  failed(error: Error): void;
}

/** Draws at the camera's frame rate (a callback per decoded video frame, else per animation frame). */
export function startDrawLoop(video: HTMLVideoElement, canvas: HTMLCanvasElement, source: DrawSource) {
  let handle = 0;
  let running = true;

  const draw = () => {
    if (source.paused()) return;
    if (video.videoWidth && (canvas.width !== video.videoWidth || canvas.height !== video.videoHeight)) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    try {
      source.drawn(drawOverlay(ctx, source.frame(), source.layers(), source.corrections(canvas)));
    } catch (error) {
      source.failed(error as Error);
    }
  };

  const schedule = () => {
    if (!running) return;
    const next = () => {
      draw();
      schedule();
    };
    handle =
      'requestVideoFrameCallback' in video
        ? video.requestVideoFrameCallback(next)
        : requestAnimationFrame(next);
  };
  schedule();

  return {
    stop() {
      running = false;
      if ('requestVideoFrameCallback' in video) video.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
    },
  };
}
