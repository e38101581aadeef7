// A posture-only peer (passive monitoring) through the change gate and the rate, on the real engine and frames of a
// real person: the model runs on the first frame, not again while the picture is still, at once when it moves; frames
// faster than the posture's rate are thinned; a peer that shows face signals runs the model on every frame. Model
// runs are counted, not timed; the peer's clock is a test clock.
import { FRAME_INTERVAL_SLACK, STEADY_FPS } from '@posture-vision/core/live/monitoring';
import { parseShows } from '@posture-vision/detector';
import { personClipFrames } from '@posture-vision/testkit/media';
import { describe, expect, it } from 'vitest';
import { type I420Frame, Peer } from '../src/live/peer.ts';
import { useEngine } from './engine.ts';

const W = 640;
const H = 480;
const engine = useEngine();
const [upright, slouched] = personClipFrames([
  { posture: 'upright', seconds: 1 / 15 },
  { posture: 'slouched', seconds: 1 / 15 },
]).map((data): I420Frame => ({ width: W, height: H, data }));

/** A peer on a test clock; `offer` pushes a frame at a clock time and resolves with the frame sent for it, or
 * null when the peer thinned it away. */
function peerOn(shows: string) {
  let clock = 0;
  const peer = new Peer(`gate-${shows || 'posture'}`, null, engine.pool, parseShows(shows), [], 2, {
    now: () => clock,
  });
  const offer = (frame: I420Frame, at: number) =>
    new Promise<unknown>((resolve) => {
      clock = at;
      const thinned = peer.stats.framesThinned;
      const once = (text: string) => {
        peer.results.delete(once);
        resolve(JSON.parse(text));
      };
      peer.results.add(once);
      peer.pushFrame(frame);
      if (peer.stats.framesThinned > thinned) {
        peer.results.delete(once);
        resolve(null);
      }
    });
  return { peer, offer };
}

describe('a posture-only peer through the change gate', () => {
  it('runs the model on the first frame, keeps its detection while the picture is still, runs at once on movement', async () => {
    const { peer, offer } = peerOn('');
    try {
      // Frames at the steady rate (a person in view, not calibrated), all within the forced run's interval
      // (MODEL_AT_LEAST_EVERY_MS.steady, 10 s).
      const step = 1000 / STEADY_FPS;
      for (let i = 0; i < 8; i++) expect(await offer(upright as I420Frame, i * step)).not.toBeNull();
      expect(peer.stats.modelRuns).toBe(1);
      expect(peer.stats.framesProcessed).toBe(8);
      const moved = (await offer(slouched as I420Frame, 8 * step)) as { hns: { poses: unknown[] } };
      expect(peer.stats.modelRuns).toBe(2);
      expect(moved.hns.poses).toHaveLength(1);
      expect(await offer(slouched as I420Frame, 9 * step)).not.toBeNull();
      expect(peer.stats.modelRuns).toBe(2);
    } finally {
      peer.close();
    }
  });

  it('thins frames that come faster than the posture asks for', async () => {
    const { peer, offer } = peerOn('');
    try {
      // A person in view, not calibrated: steady; frames offered at 10 frames/s for 2 s. The frames sent on are
      // the steady rate's, never two closer than it allows, and as many as it asks for.
      const sentAt: number[] = [];
      for (let i = 0; i < 20; i++) {
        if ((await offer(upright as I420Frame, i * 100)) !== null) sentAt.push(i * 100);
      }
      expect(peer.stats.framesThinned).toBe(20 - sentAt.length);
      expect(sentAt[0]).toBe(0);
      expect(sentAt.length).toBeGreaterThanOrEqual(2 * STEADY_FPS);
      for (let k = 1; k < sentAt.length; k++) {
        expect((sentAt[k] as number) - (sentAt[k - 1] as number)).toBeGreaterThanOrEqual(
          (1000 / STEADY_FPS) * FRAME_INTERVAL_SLACK,
        );
      }
    } finally {
      peer.close();
    }
  });

  it('runs the model on every frame of a peer that shows face signals', async () => {
    const { peer, offer } = peerOn('face');
    try {
      for (let i = 0; i < 4; i++) await offer(upright as I420Frame, i * 500);
      expect(peer.stats.modelRuns).toBe(4);
      expect(peer.stats.framesThinned).toBe(0);
    } finally {
      peer.close();
    }
  });
});
