// Frames of a real person for the detector's tests, from the testkit's clip maker. Human itself is loaded by
// the detector's Node host (`node/human.ts`), the same one the vision service's workers use.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClipPosture, writePersonClip } from '@posture-vision/testkit/media';
export const W = 640;
export const H = 480;

/** One I420 frame per posture, from the testkit's clip of a real person. */
export function clipFrames(postures: ClipPosture[]): Uint8Array[] {
  const dir = mkdtempSync(join(tmpdir(), 'pv-detector-'));
  const file = writePersonClip(
    join(dir, 'clip.y4m'),
    postures.map((posture) => ({ posture, seconds: 1 / 15 })),
  );
  const y4m = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  let at = y4m.indexOf('\n') + 1;
  return postures.map(() => {
    at += 'FRAME\n'.length;
    const frame = new Uint8Array(y4m.subarray(at, at + W * H * 1.5));
    at += W * H * 1.5;
    return frame;
  });
}
