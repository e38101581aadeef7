// The size a browser host scales a camera frame to before the detector sees it. MoveNet Lightning looks at
// the whole frame squeezed into BODY_MODEL_INPUT × BODY_MODEL_INPUT pixels (Human pads the frame to a square,
// then resizes it), so for body keypoints alone a frame scaled to that size once, where the frame is made
// (createImageBitmap on the camera frame), gives the model nearly the same picture as the full frame (both bilinear) — while a 640×480
// frame would be copied into the worker, converted and padded at 11 times the pixels first (bench/README.md,
// device mode). The face mesh, iris, hand landmarks and emotion crop the face or hand out of the
// full frame at their own input size, so a module set with any of them keeps the full frame.
// Keypoints and boxes are normalised (0–1) to the frame, so the scaled frame's detections are the camera
// frame's; hosts keep reporting the camera frame's size.
import type { ModuleSet } from './models.ts';

/** MoveNet Lightning's input: its graph takes 192 × 192 pixels (Human reads the same from the model). */
export const BODY_MODEL_INPUT = 192;

export interface Size {
  width: number;
  height: number;
}

/** createImageBitmap's resize quality for that scaling: 'low' is bilinear, as the model's own resize
 * (tf.image.resizeBilinear), so the scaled frame stays close to what the vision service's detector makes of the
 * full frame (the device-vs-server agreement test). */
export const RESIZE_QUALITY = 'low';

/** The frame size to detect on: body alone scales the long side down to the body model's input (aspect kept,
 * whole pixels); anything else, or a frame already that small, stays as it is. */
export function detectionSize(modules: ModuleSet, frame: Size): Size {
  const bodyOnly = modules.body && !modules.face && !modules.hands && !modules.emotion;
  const long = Math.max(frame.width, frame.height);
  if (!bodyOnly || long <= BODY_MODEL_INPUT) return { width: frame.width, height: frame.height };
  const scale = BODY_MODEL_INPUT / long;
  return {
    width: Math.max(1, Math.round(frame.width * scale)),
    height: Math.max(1, Math.round(frame.height * scale)),
  };
}
