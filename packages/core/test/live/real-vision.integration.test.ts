// The live link against the real vision service process (packages/vision): a synthetic camera showing a
// real person (testkit clip frame) is analysed, its frames pass the parser, calibration answers an outline
// the drawing rules accept, and a bad token is refused with the login text.
import { EventEmitter } from 'node:events';
import { syntheticCamera } from '@posture-vision/testkit/answering-peer';
import { personFrame } from '@posture-vision/testkit/media';
import { freePort, type RunningService, startVision } from '@posture-vision/testkit/services';
import { whenTrue } from '@posture-vision/testkit/wait';
import wrtc from '@roamhq/wrtc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { DetectionFrame } from '../../src/domain/detection/frame';
import {
  checkModelStatus,
  createLiveLink,
  isDrawableKeypoint,
  type LiveLink,
  type LiveLinkOptions,
  type PeerConnectionConstructor,
  placeOutline,
  REFERENCE_FRAME_SIZE,
  type WebSocketConstructor,
} from '../../src/live';

let vision: RunningService;
let camera: ReturnType<typeof syntheticCamera>;

beforeAll(async () => {
  // Tokens are verified against an API that is not there: any token is invalid (close 4001).
  vision = await startVision({ API_URL: `http://127.0.0.1:${await freePort()}` });
  camera = syntheticCamera(personFrame('upright'));
}, 150_000);

afterAll(async () => {
  camera?.stop();
  await vision?.stop();
});

function link(overrides: Partial<LiveLinkOptions> = {}) {
  return createLiveLink({
    stream: camera.stream,
    peerId: String(500000 + Math.floor(Math.random() * 400000)),
    visionWsUrl: vision.url.replace(/^http/, 'ws'),
    visionHttpUrl: vision.url,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    RTCPeerConnection: wrtc.RTCPeerConnection as unknown as PeerConnectionConstructor,
    ...overrides,
  });
}

/** Waits until `check` holds, checking again at every frame, status and state of the link. */
function until(live: LiveLink, check: () => boolean, what: string, timeoutMs = 90_000) {
  const changes = new EventEmitter();
  for (const event of ['frame', 'status', 'state', 'processingError'] as const)
    live.on(event, () => changes.emit('change'));
  return whenTrue(changes, check, what, timeoutMs);
}

describe('live link against the real vision service', () => {
  it('streams a person, parses every frame, and calibrates to a drawable outline', async () => {
    const live = link();
    const frames: DetectionFrame[] = [];
    const invalid: string[] = [];
    live.on('frame', ({ frame }) => frames.push(frame));
    live.on('processingError', ({ reason }) => invalid.push(reason));
    live.start();
    try {
      // As a user does, sit in view for a moment before calibrating: the reference is the last steady second of
      // frames, and a video's first frames are blurred while its bitrate ramps up.
      const withShoulders = () =>
        frames.filter((f) => [5, 6].every((i) => isDrawableKeypoint(f.hns.poses[0]?.[i] as never)));
      const seenFor = () => {
        const seen = withShoulders();
        return (seen.at(-1)?.timestamp ?? 0) - (seen[0]?.timestamp ?? 0);
      };
      await until(live, () => seenFor() >= 2500, 'frames with both shoulders for 2.5 s');
      expect(invalid).toEqual([]);
      const calibration = await live.calibrate();
      if (!calibration.ok) throw new Error(`calibration failed: ${calibration.status}`);
      expect(calibration.message).toBe('Calibration successful');
      expect(calibration.image).toMatch(/^data:image\//);
      const outline = placeOutline(
        calibration.outline,
        calibration.frameSize ?? REFERENCE_FRAME_SIZE,
        REFERENCE_FRAME_SIZE,
      );
      expect(outline?.length).toBeGreaterThanOrEqual(3);
    } finally {
      live.stop();
    }
  }, 120_000);

  it("refuses an invalid token with 'Please log in to access the posture detection feature.'", async () => {
    const live = link({ getAccessToken: () => 'not.a.jwt' });
    const statuses: string[] = [];
    live.on('status', (s) => statuses.push(s));
    live.start();
    try {
      await until(live, () => live.state === 'auth-required', 'auth required', 30_000);
      expect(statuses).toEqual(['Please log in to access the posture detection feature.']);
    } finally {
      live.stop();
    }
  }, 60_000);

  it('reads the model status', async () => {
    const status = await checkModelStatus({ httpUrl: vision.url });
    expect(status.kind).toBe('ready');
    expect(status.label).toMatch(/^Model status: /);
  });
});
