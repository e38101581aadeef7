// The pixels a host hands the detector: packed RGB, or I420 video frames converted here (pure arithmetic,
// so every host converts the same way). Decoding JPEG photos stays in the hosts.

export interface RgbImage {
  width: number;
  height: number;
  /** Packed RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

/** I420 (planar Y, then U and V at half resolution, BT.601 studio range) to packed RGB, the vision service's
 * conversion before the detector (coefficients 1.164, 1.596, 0.392, 0.813, 2.017, truncated to whole
 * values) in fixed point (coefficients × 65536) into a clamped array: about a third of the floating-point
 * version's time, paid on every video frame. Truncating rather than rounding matters: MoveNet's low-score
 * head keypoints move by degrees with a half-step brightness shift (the live tilt test sits 0.6° above the
 * mild tilt level), so the detector keeps the pixels the service's posture thresholds were checked with. */
export function i420ToRgb(i420: Uint8Array, width: number, height: number): RgbImage {
  const rgb = new Uint8ClampedArray(width * height * 3);
  const ySize = width * height;
  const cw = width >> 1;
  const vStart = ySize + cw * (height >> 1);
  let o = 0;
  for (let y = 0; y < height; y++) {
    const uvRow = (y >> 1) * cw;
    const yRow = y * width;
    for (let x = 0; x < width; x++) {
      const c = 76284 * ((i420[yRow + x] as number) - 16);
      const u = (i420[ySize + uvRow + (x >> 1)] as number) - 128;
      const v = (i420[vStart + uvRow + (x >> 1)] as number) - 128;
      // >> 16 floors; negative values clamp to 0 either way, so this is the float version's truncation.
      rgb[o++] = (c + 104595 * v) >> 16;
      rgb[o++] = (c - 25690 * u - 53281 * v) >> 16;
      rgb[o++] = (c + 132186 * u) >> 16;
    }
  }
  return { width, height, data: new Uint8Array(rgb.buffer) };
}

/** RGBA (canvas ImageData, VideoFrame copies) to packed RGB. */
export function rgbaToRgb(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
    rgb[j] = rgba[i] as number;
    rgb[j + 1] = rgba[i + 1] as number;
    rgb[j + 2] = rgba[i + 2] as number;
  }
  return { width, height, data: rgb };
}
