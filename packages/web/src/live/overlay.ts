// Canvas drawing of one detection frame over the mirrored video.
import {
  type Arrow,
  type Box,
  type DetectionFrame,
  isDrawableBox,
  isDrawableKeypoint,
  type Keypoint,
  type Point,
} from '@posture-vision/core';

export interface OverlayLayers {
  hns: boolean;
  hand: boolean;
  boxes: boolean;
  outline: boolean;
}

export interface OverlayDrawing {
  keypoints: number;
  handPoints: number;
  boxes: number;
  outlinePoints: number;
  arrows: number;
}

/** COCO-17 upper-body links drawn between keypoints. */
const SKELETON: [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 3],
  [2, 4],
  [5, 6],
  [5, 7],
  [7, 9],
  [6, 8],
  [8, 10],
  [5, 11],
  [6, 12],
  [11, 12],
];

function drawPoints(ctx: CanvasRenderingContext2D, points: readonly Keypoint[], colour: string, r: number) {
  const { width, height } = ctx.canvas;
  let drawn = 0;
  ctx.fillStyle = colour;
  for (const p of points) {
    if (!isDrawableKeypoint(p)) continue;
    ctx.beginPath();
    ctx.arc(p.x * width, p.y * height, r, 0, Math.PI * 2);
    ctx.fill();
    drawn++;
  }
  return drawn;
}

function drawSkeleton(ctx: CanvasRenderingContext2D, points: readonly Keypoint[]) {
  const { width, height } = ctx.canvas;
  ctx.strokeStyle = 'rgba(0, 255, 170, 0.8)';
  ctx.lineWidth = 2;
  for (const [a, b] of SKELETON) {
    const p = points[a];
    const q = points[b];
    if (!isDrawableKeypoint(p) || !isDrawableKeypoint(q)) continue;
    ctx.beginPath();
    ctx.moveTo(p.x * width, p.y * height);
    ctx.lineTo(q.x * width, q.y * height);
    ctx.stroke();
  }
}

function drawBoxes(ctx: CanvasRenderingContext2D, boxes: readonly Box[], colour: string) {
  const { width, height } = ctx.canvas;
  let drawn = 0;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2;
  for (const b of boxes) {
    if (!isDrawableBox(b)) continue;
    ctx.strokeRect(b.x * width, b.y * height, b.w * width, b.h * height);
    drawn++;
  }
  return drawn;
}

function drawOutline(ctx: CanvasRenderingContext2D, outline: readonly Point[]) {
  if (outline.length < 3) return 0;
  ctx.strokeStyle = 'rgba(255, 215, 0, 0.9)';
  ctx.setLineDash([8, 6]);
  ctx.lineWidth = 2;
  ctx.beginPath();
  outline.forEach(({ x, y }, i) => {
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  ctx.closePath();
  ctx.stroke();
  ctx.setLineDash([]);
  return outline.length;
}

function drawArrows(ctx: CanvasRenderingContext2D, arrows: readonly Arrow[]) {
  ctx.strokeStyle = '#ff3b30';
  ctx.fillStyle = '#ff3b30';
  for (const { from, to, width } of arrows) {
    const angle = Math.atan2(to.y - from.y, to.x - from.x);
    const head = 6 + width * 2;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(to.x, to.y);
    ctx.lineTo(to.x - head * Math.cos(angle - 0.5), to.y - head * Math.sin(angle - 0.5));
    ctx.lineTo(to.x - head * Math.cos(angle + 0.5), to.y - head * Math.sin(angle + 0.5));
    ctx.closePath();
    ctx.fill();
  }
  return arrows.length;
}

/**
 * Draws the latest frame. Keypoints are always drawn in the Free Tier; in Pro the toggles choose the layers.
 * The outline and arrows are passed in only when Active Mode is on and the posture is deviated.
 */
export function drawOverlay(
  ctx: CanvasRenderingContext2D,
  frame: DetectionFrame | null,
  layers: OverlayLayers,
  correction: { outline: readonly Point[]; arrows: readonly Arrow[] } | null,
): OverlayDrawing {
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const drawing: OverlayDrawing = { keypoints: 0, handPoints: 0, boxes: 0, outlinePoints: 0, arrows: 0 };
  if (!frame) return drawing;
  if (layers.hns) {
    for (const pose of frame.hns?.poses ?? []) {
      drawSkeleton(ctx, pose);
      drawing.keypoints += drawPoints(ctx, pose, '#00e5ff', 4);
    }
  }
  if (layers.hand) {
    for (const hand of frame.hand?.poses ?? []) drawing.handPoints += drawPoints(ctx, hand, '#ff9f0a', 3);
  }
  if (layers.boxes) {
    drawing.boxes += drawBoxes(ctx, frame.hns?.boxes ?? [], 'rgba(0, 229, 255, 0.9)');
    drawing.boxes += drawBoxes(ctx, frame.drowsiness?.boxes ?? [], 'rgba(191, 90, 242, 0.9)');
  }
  if (correction) {
    if (layers.outline) drawing.outlinePoints = drawOutline(ctx, correction.outline);
    drawing.arrows = drawArrows(ctx, correction.arrows);
  }
  return drawing;
}
