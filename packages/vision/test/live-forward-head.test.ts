// Forward head on video of a real person: three clips made by testkit from a real photo (geometry with a known
// answer) — the head alone coming forward and down while the shoulders stay, a 1.5 s glance down, and the whole
// upper body coming nearer — decoded frame by frame, run through the real pose model and the live posture
// rules (core's analysis) on the clip's own timeline, so the timing is the clip's and not the machine's.
import { createHash } from 'node:crypto';
import type { Keypoint } from '@posture-vision/core/analysis';
import {
  createReference,
  initialPostureState,
  ONSET_MS,
  type PostureReference,
  type PostureState,
  stepPosture,
} from '@posture-vision/core/analysis';
import { type ClipSegment, personClipFrames } from '@posture-vision/testkit/media';
import { describe, expect, it } from 'vitest';
import { useEngine } from './engine.ts';

const W = 640;
const H = 480;
const FPS = 15;
const modules = { body: true, face: true, hands: false, emotion: false, maxFaces: 1 };

const engine = useEngine();

/** Keypoints of every frame of a clip. A still segment repeats the same frame bytes, and the engine is
 * deterministic, so each distinct frame is inferred once. */
async function clipKeypoints(_name: string, segments: ClipSegment[]): Promise<Keypoint[][]> {
  const seen = new Map<string, Keypoint[]>();
  const out: Keypoint[][] = [];
  for (const frame of personClipFrames(segments, { fps: FPS })) {
    const key = createHash('sha1').update(frame).digest('hex');
    let keypoints = seen.get(key);
    if (!keypoints) {
      const d = await engine.pool.run({ kind: 'i420', data: frame.slice(), width: W, height: H, modules });
      keypoints = d.body?.keypoints ?? [];
      seen.set(key, keypoints);
    }
    out.push(keypoints);
  }
  return out;
}

interface Verdict {
  time: number;
  deviated: boolean;
  status: string;
}

/** The live rules over the clip's frames at their own timestamps, calibrated on the first frame. */
function analyse(frames: Keypoint[][]): Verdict[] {
  const ref: PostureReference = createReference(frames[0] as Keypoint[], { width: W, height: H });
  let state: PostureState = initialPostureState();
  return frames.map((keypoints, i) => {
    const time = (i * 1000) / FPS;
    const step = stepPosture(state, { keypoints, time }, ref);
    state = step.state;
    return { time, deviated: step.result.is_posture_deviated, status: step.result.body_status };
  });
}

const UPRIGHT_S = 2;

describe('forward head on real video', () => {
  it('flags forward head when the head alone comes forward, within the onset delay + 1 s', async () => {
    const verdicts = analyse(
      await clipKeypoints('head-forward', [
        { posture: 'upright', seconds: UPRIGHT_S },
        { posture: 'head-forward', seconds: 5 },
      ]),
    );
    const onset = UPRIGHT_S * 1000;
    expect(verdicts.filter((v) => v.time < onset).every((v) => !v.deviated)).toBe(true);
    const first = verdicts.find((v) => v.deviated);
    expect(first).toBeDefined();
    expect(first?.time).toBeLessThanOrEqual(onset + ONSET_MS + 1000);
    expect(first?.status).toMatch(/Forward head posture/);
    expect(first?.status).not.toMatch(/Leaning toward the screen/);
    expect(verdicts.at(-1)?.deviated).toBe(true);
  });

  it('never flags a 1.5 s glance down at the keyboard', async () => {
    const verdicts = analyse(
      await clipKeypoints('glance', [
        { posture: 'upright', seconds: UPRIGHT_S },
        { posture: 'glance-down', seconds: 1.5 },
        { posture: 'upright', seconds: 3 },
      ]),
    );
    expect(verdicts.filter((v) => v.deviated)).toEqual([]);
  });

  it('does not flag the whole upper body coming nearer the screen upright (the head stays on the shoulders)', async () => {
    const verdicts = analyse(
      await clipKeypoints('lean-in', [
        { posture: 'upright', seconds: UPRIGHT_S },
        { posture: 'leaning-in', seconds: 5 },
      ]),
    );
    expect(verdicts.filter((v) => v.deviated)).toEqual([]);
  });
});
