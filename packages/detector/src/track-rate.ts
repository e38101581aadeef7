// The rate a camera track's frames are taken at, below what the track's own constraint can do. Chromium keeps a
// camera track at 1 frame/s at the least whatever its frameRate constraint says: asked for 1/3 frame/s (nobody in
// view) it delivered 0.97 (bench/device/states.ts, 2026-11-28 and 2026-12-03), and the slower watch on battery
// asks for 0.5. So a slower rate is kept here, on the frames' own capture times: the frames in between are closed
// as they come, never copied, scaled or gridded.

/**
 * Whether each frame, captured at `timestampUs` (a VideoFrame's timestamp), is taken at `fps`: once the rate's
 * interval has passed since the last frame taken, less half the camera's own spacing of frames (the frame nearest
 * the due time is taken, not the first one after it: at 1 frame/s delivered and 1/3 asked, every third frame). At 1
 * frame/s and above the track's constraint keeps the rate, and every frame is taken (with no rate said, too); so is
 * the first, and one from a camera whose clock went back (a restarted device).
 */
export function rateKeeper(): (timestampUs: number, fps: number) => boolean {
  let taken: number | null = null;
  let seen: number | null = null;
  return (timestampUs, fps) => {
    const spacing = seen === null ? 0 : Math.max(0, timestampUs - seen);
    seen = timestampUs;
    const due =
      !(fps > 0 && fps < 1) ||
      taken === null ||
      timestampUs < taken ||
      timestampUs - taken + spacing / 2 >= 1e6 / fps;
    if (due) taken = timestampUs;
    return due;
  };
}
