// The live tool's controller as the real-time session page runs it: the page configures core's live loop with
// its session and subscribes to it; the controller feeds it each frame of the link once. The camera and the
// link are the edges (recorded fakes); the controller, the loop and its monitor are real.
import type {
  CalibrationResult,
  DetectionFrame,
  LiveReading,
  PostureFeedback,
  ProfileReference,
} from '@posture-vision/core';
import { detectionFrame, person } from '@posture-vision/testkit/frames';
import { monitorApi } from '@posture-vision/testkit/monitor-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/dom.ts';

installDom();

/** Every link the controller opened: the handlers it gave, the references it handed over and how often Test
 * Calibration asked it. */
const links: {
  frame(frame: DetectionFrame): void;
  status(status: string): void;
  handed: (ProfileReference | null)[];
  tests: number;
}[] = [];
let calibration: CalibrationResult;

vi.mock('../../src/live/live-camera.ts', () => ({
  openLiveCamera: async () => ({ getTracks: () => [] }),
  releaseLiveCamera: () => undefined,
}));
vi.mock('../../src/live/link-wiring.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/live/link-wiring.ts')>()),
  openToolLink: (
    _stream: unknown,
    _options: unknown,
    handlers: { frame(f: DetectionFrame, q: null): void; status(s: string): void },
  ) => {
    const handed: (ProfileReference | null)[] = [];
    const opened = {
      frame: (frame: DetectionFrame) => handlers.frame(frame, null),
      status: (status: string) => handlers.status(status),
      handed,
      tests: 0,
    };
    links.push(opened);
    return {
      link: {
        peerId: `peer-${links.length}`,
        calibrate: async () => calibration,
        // As the service's calibration call does: it takes a calibration and calls it a success.
        testCalibration: async () => {
          opened.tests++;
          return { ok: true, body: { message: 'Calibration successful', outline: [[0, 0]] } };
        },
        setTier: () => undefined,
        setReference: (reference: ProfileReference | null) => void handed.push(reference),
      },
      close: () => undefined,
    };
  },
}));
const { createLiveLoop, LIVE_MESSAGES } = await import('@posture-vision/core');
const { LiveController, workflowPrompt } = await import('../../src/live/live-controller.ts');

const FRAME = { width: 640, height: 480 };
const UPRIGHT: ProfileReference = { keypoints: person, frame: FRAME };
const TAKEN: ProfileReference = { keypoints: person.map((k) => ({ ...k, y: k.y + 0.02 })), frame: FRAME };

let sent: PostureFeedback[];
const api = monitorApi({ onFeedback: (payload) => void sent.push(payload) });

/** The session page's set-up: a loop running its session, the controller fed by the link, the page's
 * subscription to the loop's readings. */
async function sessionPage() {
  const stored: (ProfileReference | null)[] = [];
  const loop = createLiveLoop({
    session: { api, type: 'realtime', now: Date.now, onReferenceTaken: (r) => stored.push(r) },
  });
  const controller = new LiveController({
    visionHttp: 'http://vision.test',
    visionWs: 'ws://vision.test',
    getToken: () => null,
    initialTier: 'pro',
    loop,
  });
  const page: LiveReading[] = [];
  loop.onFrame((reading) => page.push(reading));
  await loop.monitor.checkCalibration();
  await loop.monitor.start('active');
  // Counted, not replaced: the monitor's reading of a frame (its verdict, feedback and staleness).
  const judged = vi.spyOn(loop.monitor, 'frame');
  return { loop, controller, page, stored, judged };
}

let release: (() => void) | null = null;
beforeEach(() => {
  links.length = 0;
  sent = [];
  calibration = {
    ok: true,
    message: 'Calibration successful',
    image: null,
    outline: [],
    frameSize: FRAME,
    reference: TAKEN,
  };
});
afterEach(() => {
  release?.();
  release = null;
});

describe('the live tool in a session', () => {
  it('reads each frame of the link once: the page and the tool show the same reading', async () => {
    const { loop, controller, page, judged } = await sessionPage();
    release = () => controller.release();
    loop.adoptReference(UPRIGHT);
    await controller.startCamera();
    const frames = [detectionFrame(), detectionFrame({}, true), detectionFrame({}, true)];
    for (const frame of frames) links[0]?.frame(frame);
    expect(judged.mock.calls.map(([frame]) => frame)).toEqual(frames);
    expect(page.map((r) => r.frame)).toEqual(frames);
    expect(page.map((r) => r.step?.verdict.status)).toEqual(['good', 'poor', 'poor']);
    // The tool's own panel counted the same frames.
    expect(controller.state.metrics.framesReceived).toBe(frames.length);
    expect(sent.map((f) => f.postureStatus)).toEqual(['good', 'poor']);
  });

  it('hands the profile’s reference, then the one Calibrate Posture took, to every link it opens', async () => {
    const { loop, controller, stored } = await sessionPage();
    release = () => controller.release();
    loop.adoptReference(UPRIGHT);
    await controller.startCamera();
    expect(links[0]?.handed).toEqual([UPRIGHT]);
    await controller.calibrate();
    // The reference taken is the reference of record now, handed to the producer and given to be stored.
    expect(links[0]?.handed).toEqual([UPRIGHT, TAKEN]);
    expect(stored).toEqual([TAKEN]);
    controller.stopCamera();
    await controller.startCamera();
    expect(links[1]?.handed).toEqual([TAKEN]);
  });
});

describe('the live tool before and with a calibration', () => {
  it('Test Calibration with nothing calibrated says so and takes no calibration', async () => {
    const controller = new LiveController({
      visionHttp: 'http://vision.test',
      visionWs: 'ws://vision.test',
      getToken: () => null,
      initialTier: 'pro',
    });
    release = () => controller.release();
    await controller.startCamera();
    await controller.testCalibration();
    expect(controller.state.status).toBe(LIVE_MESSAGES.testNoCalibration);
    expect(links[0]?.tests).toBe(0);
    // Once calibrated, the test asks the link as before.
    await controller.calibrate();
    await controller.testCalibration();
    expect(links[0]?.tests).toBe(1);
    expect(controller.state.status).toBe('Test calibration: Calibration successful (1 outline points)');
  });

  it('with the profile’s reference the connected prompt says it is judging, not "Step 1: Click Calibrate"', async () => {
    const { loop, controller } = await sessionPage();
    release = () => controller.release();
    loop.adoptReference(UPRIGHT);
    await controller.startCamera();
    links[0]?.status(LIVE_MESSAGES.cameraConnected);
    expect(controller.state.status).toBe(LIVE_MESSAGES.cameraConnectedWithReference);
    expect(workflowPrompt('calibrate', 'Start Session', controller.state.judgingReference)).toBe(
      LIVE_MESSAGES.cameraConnectedWithReference,
    );
    await controller.testCalibration();
    // Tested against the profile's reference, without asking the link for a calibration.
    expect(controller.state.status).toMatch(
      /^Test calibration: judging against the active profile's reference/,
    );
    expect(links[0]?.tests).toBe(0);
  });

  it('without a reference the connected prompt asks for the first calibration', async () => {
    const controller = new LiveController({
      visionHttp: 'http://vision.test',
      visionWs: 'ws://vision.test',
      getToken: () => null,
      initialTier: 'pro',
    });
    release = () => controller.release();
    await controller.startCamera();
    links[0]?.status(LIVE_MESSAGES.cameraConnected);
    expect(controller.state.status).toBe(LIVE_MESSAGES.cameraConnected);
    expect(controller.state.judgingReference).toBe(false);
  });
});
