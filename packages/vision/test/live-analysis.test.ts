import { createReference, type DetectionFrame } from '@posture-vision/core/analysis';
import { type ClipPosture, personClipFrames } from '@posture-vision/testkit/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type I420Frame, Peer } from '../src/live/peer.ts';
import { useEngine } from './engine.ts';

const W = 640;
const H = 480;
const engine = useEngine();
let peer: Peer;
const received: DetectionFrame[] = [];
const frames = {} as Record<ClipPosture, I420Frame>;

beforeAll(async () => {
  const order: ClipPosture[] = ['upright', 'slouched', 'tilted', 'away'];
  const pictures = personClipFrames(order.map((posture) => ({ posture, seconds: 1 / 15 })));
  order.forEach((posture, i) => {
    frames[posture] = { width: W, height: H, data: pictures[i] as Uint8Array };
  });
  peer = new Peer('analysis', null, engine.pool);
  peer.results.add((text) => received.push(JSON.parse(text)));
  // The first inference compiles the models' kernels and is slow: do it before timing anything.
  await hold('upright', 0, 1);
  received.length = 0;
});

afterAll(async () => {
  peer?.close();
});

/** Resolves when the peer sends its next detection frame. */
function nextResult(): Promise<void> {
  return new Promise((resolve) => {
    const once = () => {
      peer.results.delete(once);
      resolve();
    };
    peer.results.add(once);
  });
}

/** Waits for the peer to finish the frames in inference, so a segment never sees the previous posture. */
async function drain(): Promise<void> {
  while (!peer.idle) await nextResult();
}

/**
 * Offers a posture's frame at 10 fps for at least some seconds and until a few frames of it were analysed
 * (inference speed depends on the machine's load); returns the detection frames sent meanwhile.
 */
async function hold(posture: ClipPosture, seconds: number, minFrames = 3): Promise<DetectionFrame[]> {
  await drain();
  const from = received.length;
  const started = Date.now();
  const timer = setInterval(() => peer.pushFrame(frames[posture]), 100);
  while (Date.now() - started < seconds * 1000 || received.length - from < minFrames) await nextResult();
  clearInterval(timer);
  await drain();
  return received.slice(from);
}

describe('live posture analysis on real frames', () => {
  it('calibrates on an upright person', async () => {
    const upright = await hold('upright', 2);
    expect(upright.length).toBeGreaterThan(0);
    expect(upright.every((f) => f.temporal_posture_data === null)).toBe(true);
    // Face signals ride along: the laughing person's emotion (at the lower rate) and open eyes.
    expect(upright.some((f) => f.hns.emotions[0] === 'happy')).toBe(true);
    expect(upright.at(-1)?.drowsiness).toMatchObject({ eye_state: 'open', drowsiness_state: false });
    expect(peer.calibrate()).not.toBeNull();
    const after = await hold('upright', 2);
    expect(after.at(-1)?.temporal_posture_data?.is_posture_deviated).toBe(false);
    expect(after.at(-1)?.body_status).toBe('Good posture');
    expect(after.at(-1)?.posture_verdict).toEqual({ status: 'good', issue: null, level: null });
  });

  it('reports a sustained slouch, then clears it when the person sits up', async () => {
    const slouch = await hold('slouched', 7);
    const last = slouch.at(-1);
    expect(last?.temporal_posture_data?.is_posture_deviated).toBe(true);
    expect(last?.body_status).toMatch(/Slouching/);
    // The verdict travels as data: a slouch is a slouch.
    expect(last?.posture_verdict).toMatchObject({ status: 'poor', issue: 'slouch' });
    // The first frames of the slouch are not yet a deviation (onset delay).
    expect(slouch[0]?.temporal_posture_data?.is_posture_deviated).toBe(false);
    const back = await hold('upright', 5);
    expect(back.at(-1)?.temporal_posture_data?.is_posture_deviated).toBe(false);
  });

  it('reports a sideways head tilt', async () => {
    const tilted = await hold('tilted', 7);
    expect(tilted.at(-1)?.temporal_posture_data?.is_posture_deviated).toBe(true);
    expect(tilted.at(-1)?.body_status).toMatch(/Head tilted sideways/);
    expect(tilted.at(-1)?.posture_verdict).toMatchObject({ status: 'poor', issue: 'tilt' });
  });

  it('says so when the person leaves', async () => {
    const away = await hold('away', 2);
    expect(away.at(-1)?.body_status).toBe('No person detected');
    expect(away.at(-1)?.temporal_posture_data?.is_posture_deviated).toBe(false);
    expect(away.at(-1)?.posture_verdict?.status).toBe('neutral');
  });

  it('judges against the client’s reference of record, and against none when told so', async () => {
    // The slouched posture as a profile's reference (a profile calibrated sitting that way): held, it is good.
    const seen = await hold('slouched', 1);
    const body = seen.at(-1);
    const keypoints = body?.hns.poses[0];
    if (!keypoints || !body?.frame_size) throw new Error('no body in the slouched frames');
    peer.setReference(createReference(keypoints, body.frame_size));
    const held = await hold('slouched', 4);
    expect(held.at(-1)?.temporal_posture_data?.is_posture_deviated).toBe(false);
    expect(held.at(-1)?.posture_verdict).toEqual({ status: 'good', issue: null, level: null });
    // No reference of record: nothing is judged (neutral), as before any calibration.
    peer.setReference(null);
    const unjudged = await hold('upright', 1);
    expect(unjudged.at(-1)?.temporal_posture_data).toBeNull();
    expect(unjudged.at(-1)?.posture_verdict?.status).toBe('neutral');
  });
});
