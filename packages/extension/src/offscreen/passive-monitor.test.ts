import {
  type AlertPreferences,
  type ConfiguredApiClient,
  DEFAULT_ALERT_PREFERENCES,
  type DetectionFrame,
  type PostureFeedback,
} from '@posture-vision/core';
import { detectionFrame as frame, NOBODY } from '@posture-vision/testkit/frames';
import { beforeEach, describe, expect, it } from 'vitest';
import { BACKGROUND_FPS, POOR_POSTURE_FPS } from '../rules/capture-rate';
import {
  CALIBRATION_DELAY_MS,
  createPassiveMonitor,
  type LiveEvents,
  MONITOR_TEXTS,
} from './passive-monitor';

// The camera, the live link and the API are the edges here: recorded fakes. The workflow is real.
let clock: number;
let calls: string[];
let constraints: number[];
let feedback: PostureFeedback[];
let events: LiveEvents;
let hasCalibration: boolean;
let referenceTaken: boolean;
let preferences: AlertPreferences;

const track = {
  applyConstraints: async (c: { frameRate: { max: number } }) => void constraints.push(c.frameRate.max),
  stop: () => void calls.push('camera stopped'),
};
const stream = { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;

const api = {
  calibration: {
    statusDetailed: async () => ({
      success: true,
      data: hasCalibration
        ? { hasActive: true, needsRecalibration: false, calibration: { id: 'cal-7' }, daysUntilExpiry: 20 }
        : { hasActive: false, needsRecalibration: true, calibration: null, daysUntilExpiry: null },
    }),
  },
  sessions: {
    start: async (payload: unknown) => {
      calls.push(`start ${JSON.stringify(payload)}`);
      return { success: true, data: { id: 'session-1' } };
    },
    feedback: async (_id: string, payload: PostureFeedback) => void feedback.push(payload),
    end: async (id: string) => void calls.push(`end ${id}`),
  },
} as unknown as ConfiguredApiClient;

function monitor() {
  return createPassiveMonitor({
    api,
    getCamera: async () => stream,
    cameraFailed: async () => undefined,
    connectLive: (_stream, e) => {
      events = e;
      return {
        peerId: '123456',
        close: () => void calls.push('link closed'),
        calibrate: async () => {
          calls.push('reference taken');
          return referenceTaken;
        },
      };
    },
    reportPhase: async (phase, message) => void calls.push(`phase ${phase}${message ? `: ${message}` : ''}`),
    reportConnection: async () => undefined,
    reportPosture: async (posture, _at, fps) => void calls.push(`posture ${posture} at ${fps} fps`),
    preferences: async () => preferences,
    now: () => clock,
  });
}

/** Delivers a frame at the given clock time and lets the monitor's promises settle. */
async function at(ms: number, f: DetectionFrame): Promise<void> {
  clock = ms;
  events.frame(f);
  await new Promise((r) => setTimeout(r, 0));
}

const upright = frame();
const slouched = frame({}, true);
const nobody = frame({
  hns: { poses: [], boxes: [], emotions: [] },
  temporal_posture_data: null,
  posture_verdict: NOBODY,
});

beforeEach(() => {
  clock = 0;
  calls = [];
  constraints = [];
  feedback = [];
  hasCalibration = true;
  referenceTaken = true;
  preferences = DEFAULT_ALERT_PREFERENCES;
});

describe('passive monitor', () => {
  it('opens a passive session with the active calibration and captures at the background rate', async () => {
    expect(await monitor().start(null)).toEqual({ ok: true });
    expect(calls).toEqual([
      'start {"mode":"passive","calibrationId":"cal-7"}',
      'phase starting',
      `phase calibrating: ${MONITOR_TEXTS.calibrating}`,
    ]);
    expect(constraints).toEqual([BACKGROUND_FPS]);
  });

  it('continues a paused session instead of opening a new one', async () => {
    await monitor().start('session-9');
    expect(calls.some((c) => c.startsWith('start'))).toBe(false);
  });

  it('refuses to start without an active calibration and releases the camera', async () => {
    hasCalibration = false;
    const answer = await monitor().start(null);
    expect(answer).toEqual({
      ok: false,
      message: 'Please complete posture calibration before starting a session.',
    });
    expect(calls).toEqual([
      'camera stopped',
      'phase error: Please complete posture calibration before starting a session.',
    ]);
  });

  it('takes the reference once a person has been in view for the calibration delay', async () => {
    await monitor().start(null);
    calls = [];
    await at(1000, upright);
    await at(1000 + CALIBRATION_DELAY_MS - 1, upright);
    expect(calls).toEqual([]);
    await at(1000 + CALIBRATION_DELAY_MS, upright);
    expect(calls).toEqual(['reference taken', 'phase monitoring']);
  });

  it('starts the delay again when the person leaves before the reference', async () => {
    await monitor().start(null);
    calls = [];
    await at(1000, upright);
    await at(3000, nobody);
    await at(4000, upright);
    await at(4000 + CALIBRATION_DELAY_MS - 1, upright);
    expect(calls).toEqual([]);
  });

  it('raises the capture rate while posture is poor and sends feedback on each change', async () => {
    const m = monitor();
    await m.start(null);
    await at(0, upright);
    await at(CALIBRATION_DELAY_MS, upright);
    calls = [];
    await at(10_000, upright);
    await at(11_000, slouched);
    await at(11_500, slouched);
    await at(20_000, upright);
    expect(calls).toEqual([
      `posture good at ${BACKGROUND_FPS} fps`,
      `posture poor at ${POOR_POSTURE_FPS} fps`,
      `posture good at ${BACKGROUND_FPS} fps`,
    ]);
    expect(constraints).toEqual([BACKGROUND_FPS, POOR_POSTURE_FPS, BACKGROUND_FPS]);
    expect(feedback.map((f) => f.postureStatus)).toEqual(['good', 'poor', 'good']);
    // The issue is the frame's verdict, as data (never read from the body status text).
    expect(feedback[1]?.details).toMatchObject({
      type: 'passive',
      kind: 'change',
      issue: 'tilt',
      deviationLevel: 'moderate',
      score: 40,
    });
  });

  it('counts a moderate deviation as good posture at low sensitivity, read from the stored preferences', async () => {
    preferences = { sensitivity: 'low', warningDelaySeconds: 10 };
    const m = monitor();
    await m.start(null);
    await at(0, upright);
    await at(CALIBRATION_DELAY_MS, upright);
    await at(10_000, slouched);
    await at(11_000, slouched);
    expect(feedback.map((f) => f.postureStatus)).not.toContain('poor');
    await at(12_000, frame({ posture_verdict: { status: 'poor', issue: 'tilt', level: 'severe' } }, true));
    expect(feedback.at(-1)?.postureStatus).toBe('poor');
  });

  it('stopping releases the camera, closes the link and ends the session', async () => {
    const m = monitor();
    await m.start(null);
    calls = [];
    await m.stop(true);
    expect(calls).toEqual(['link closed', 'camera stopped', 'end session-1']);
  });
});
