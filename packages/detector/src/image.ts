// The pixels a host hands the detector: packed RGB, or I420 video frames converted here (pure arithmetic,
// so every host converts the same way). Decoding JPEG photos stays in the hosts.

export interface RgbImage {
  width: number;
  height: number;
  /** Packed RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

/** I420 (planar Y, then U and V at half resolution, BT.601 studio range) to packed RGB. Fixed-point
 * arithmetic (coefficients × 1024) into a clamped array: about a third of the floating-point version's time,
 * which is paid on every video frame. */
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
      // + 512: round to nearest on the >> 10.
      const c = 1192 * ((i420[yRow + x] as number) - 16) + 512;
      const u = (i420[ySize + uvRow + (x >> 1)] as number) - 128;
      const v = (i420[vStart + uvRow + (x >> 1)] as number) - 128;
      rgb[o++] = (c + 1634 * v) >> 10;
      rgb[o++] = (c - 401 * u - 833 * v) >> 10;
      rgb[o++] = (c + 2065 * u) >> 10;
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
