import {
  type AlertPreferences,
  AT_RISK_FPS,
  BATTERY_RATE_DIVISOR,
  CALIBRATION_PROBLEMS,
  type CalibrationProfile,
  type ConfiguredApiClient,
  DEFAULT_ALERT_PREFERENCES,
  type DetectionFrame,
  NOBODY_FPS,
  type PostureFeedback,
  SESSION_MESSAGES,
  STALE_AFTER_MS,
  STEADY_FPS,
} from '@posture-vision/core';
import { detectionFrame as frame, NOBODY, person } from '@posture-vision/testkit/frames';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALIBRATION_DELAY_MS,
  createPassiveMonitor,
  type LiveEvents,
  MONITOR_TEXTS,
  type MonitorDeps,
} from './passive-monitor';

// The camera, the live link and the API are the edges here: recorded fakes. The workflow is real.
let clock: number;
let calls: string[];
let constraints: number[];
/** Every capture rate the producer was told (device mode keeps those under 1 frame/s itself). */
let producerRates: number[];
let feedback: PostureFeedback[];
let events: LiveEvents;
let hasCalibration: boolean;
let referenceTaken: boolean;
/** Every reference the monitor handed to the producer, in order. */
let handed: unknown[];
let preferences: AlertPreferences;
/** The user's calibration profiles on the API (the fake's store). */
let profiles: CalibrationProfile[];
/** What the API answers a profile update with, when it refuses one. */
let updateRefused: Error | null;
/** Whether somebody was in view, as each presence report said. */
let presences: boolean[];

const track = {
  applyConstraints: async (c: { frameRate: { max: number } }) => void constraints.push(c.frameRate.max),
  stop: () => void calls.push('camera stopped'),
  addEventListener: () => undefined,
};
const stream = { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;

const api = {
  calibration: {
    profiles: {
      list: async () => ({ success: true, data: profiles.map((p) => ({ ...p })) }),
      update: async (id: string, payload: Partial<CalibrationProfile>) => {
        if (updateRefused) throw updateRefused;
        calls.push(`profile ${id} saved`);
        profiles = profiles.map((p) => (p.id === id ? { ...p, ...payload } : p));
        return { success: true };
      },
    },
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

function monitor(overrides: Partial<MonitorDeps> = {}) {
  return createPassiveMonitor({
    api,
    getCamera: async () => stream,
    cameraFailed: async () => undefined,
    connectLive: (_stream, e, attach) => {
      events = e;
      const producer = {
        peerId: '123456',
        close: () => void calls.push('link closed'),
        calibrate: async () => {
          calls.push('reference taken');
          return referenceTaken;
        },
        setReference: (reference: unknown) => handed.push(reference),
        setFrameRate: (fps: number) => void producerRates.push(fps),
      };
      attach(producer);
      return producer;
    },
    reportPhase: async (phase, message) => void calls.push(`phase ${phase}${message ? `: ${message}` : ''}`),
    reportConnection: async () => undefined,
    reportPosture: async (posture, issue, _at, fps, unjudged) =>
      void calls.push(
        `posture ${posture}${issue ? ` (${issue})` : ''}${unjudged ? ` [${unjudged}]` : ''} at ${fps} fps`,
      ),
    reportPresence: async (present) => void presences.push(present),
    preferences: async () => preferences,
    reportStale: async (stale) => void calls.push(`stale ${stale}`),
    now: () => clock,
    ...overrides,
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
  producerRates = [];
  feedback = [];
  hasCalibration = true;
  referenceTaken = true;
  handed = [];
  preferences = DEFAULT_ALERT_PREFERENCES;
  profiles = [];
  updateRefused = null;
  presences = [];
});

const FRAME = { width: 640, height: 480 };
/** The test person with the head grown 40% about the nose: leaning the head toward the camera. */
const nose = person[0] ?? { x: 0.5, y: 0.3 };
const forwardHead = person.map((k, i) =>
  i <= 4 ? { ...k, x: nose.x + (k.x - nose.x) * 1.4, y: nose.y + (k.y - nose.y) * 1.4 } : k,
);
/** A frame of a body as its producer judged it (good unless `deviated`). */
const bodyFrame = (keypoints: typeof person, deviated = false) =>
  frame({ hns: { poses: [keypoints], boxes: [], emotions: [] }, frame_size: FRAME }, deviated);
const profile = (id: string, active: boolean, keypoints: typeof person | null): CalibrationProfile => ({
  id,
  name: id,
  setup: 'laptop',
  reference: keypoints ? { keypoints, frame: FRAME } : null,
  active,
  createdAt: '2026-11-24T06:00:00Z',
  updatedAt: '2026-11-24T06:00:00Z',
});

describe('passive monitor', () => {
  it('opens a passive session with the active calibration and captures at the steady rate', async () => {
    expect(await monitor().start(null)).toEqual({ ok: true });
    expect(calls).toEqual([
      'start {"mode":"passive","calibrationId":"cal-7"}',
      'phase starting',
      `phase calibrating: ${MONITOR_TEXTS.calibrating}`,
    ]);
    expect(constraints).toEqual([STEADY_FPS]);
  });

  it('stops, keeping the session, when its camera is unplugged, and says which camera went', async () => {
    // A track ends by itself when its camera goes (unplugged, or the driver lost it).
    const events = new EventTarget();
    const usbTrack = Object.assign(events, {
      applyConstraints: async () => undefined,
      stop: () => void calls.push('camera stopped'),
      getSettings: () => ({ deviceId: 'usb-cam' }),
    });
    const usb = { getVideoTracks: () => [usbTrack], getTracks: () => [usbTrack] } as unknown as MediaStream;
    const lost: [string | null, string | null][] = [];
    const m = monitor({
      getCamera: async () => usb,
      cameraLost: (sessionId, deviceId) => void lost.push([sessionId, deviceId]),
    });
    await m.start(null);
    expect(m.running).toBe(true);
    calls = [];
    usbTrack.dispatchEvent(new Event('ended'));
    await vi.waitFor(() => expect(lost).toEqual([['session-1', 'usb-cam']]));
    expect(m.running).toBe(false);
    expect(calls).toEqual(['link closed', 'camera stopped']);
    // The session was not ended: monitoring continues it once the camera is back.
    expect(calls.some((c) => c.startsWith('end'))).toBe(false);
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
    // A poor posture is reported with its issue, which the popup names.
    expect(calls).toEqual([
      `posture good at ${STEADY_FPS} fps`,
      `posture poor (tilt) at ${AT_RISK_FPS} fps`,
      `posture good at ${STEADY_FPS} fps`,
    ]);
    expect(constraints).toEqual([STEADY_FPS, AT_RISK_FPS, STEADY_FPS]);
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

  it('on battery with the slower watch chosen, captures at the rates divided by the battery divisor', async () => {
    preferences = { ...DEFAULT_ALERT_PREFERENCES, batteryMode: 'slower' };
    let onBattery = true;
    const m = monitor({ onBattery: () => onBattery });
    await m.start(null);
    await at(0, upright);
    await at(CALIBRATION_DELAY_MS, upright);
    await at(10_000, slouched);
    await at(11_000, upright);
    // Plugged in: the usual rates from the next frame.
    onBattery = false;
    await at(12_000, slouched);
    expect(constraints).toEqual([
      STEADY_FPS,
      STEADY_FPS / BATTERY_RATE_DIVISOR,
      AT_RISK_FPS / BATTERY_RATE_DIVISOR,
      STEADY_FPS / BATTERY_RATE_DIVISOR,
      AT_RISK_FPS,
    ]);
  });

  it('on battery with monitoring as usual chosen, captures at the usual rates', async () => {
    const m = monitor({ onBattery: () => true });
    await m.start(null);
    await at(0, upright);
    await at(1000, slouched);
    expect(constraints).toEqual([STEADY_FPS, AT_RISK_FPS]);
  });

  it('reports a change of issue at once, while the posture stays poor', async () => {
    const m = monitor();
    await m.start(null);
    await at(0, upright);
    await at(CALIBRATION_DELAY_MS, upright);
    calls = [];
    await at(
      10_000,
      frame({ posture_verdict: { status: 'poor', issue: 'slouch', level: 'moderate' } }, true),
    );
    await at(
      10_500,
      frame({ posture_verdict: { status: 'poor', issue: 'forward_head', level: 'moderate' } }, true),
    );
    expect(calls.map((c) => c.replace(/ at .*/, ''))).toEqual([
      'posture poor (slouch)',
      'posture poor (forward_head)',
    ]);
  });

  it('reports why nothing is judged with the neutral posture, again at once when the reason changes', async () => {
    const m = monitor();
    await m.start(null);
    await at(0, upright);
    await at(CALIBRATION_DELAY_MS, upright);
    calls = [];
    // Neutral frames of a calibrated producer (their temporal data says it had the reference).
    const unseen = (posture_unjudged: 'nobody' | 'too_dark') =>
      frame({ hns: { poses: [], boxes: [], emotions: [] }, posture_verdict: NOBODY, posture_unjudged });
    await at(10_000, unseen('nobody'));
    // The light goes: still neutral, now too dark to see anybody.
    await at(10_500, unseen('too_dark'));
    await at(11_000, unseen('too_dark'));
    await at(12_000, upright);
    expect(calls.map((c) => c.replace(/ at .*/, ''))).toEqual([
      'posture neutral [nobody]',
      'posture neutral [too_dark]',
      'posture good',
    ]);
  });

  it("sets the camera to each frame's watch: at risk before any verdict, nobody a frame every few seconds", async () => {
    const m = monitor();
    await m.start(null);
    await at(0, upright);
    await at(CALIBRATION_DELAY_MS, upright);
    constraints = [];
    // A deviation being timed (its verdict still good) already asks for the at-risk rate.
    await at(10_000, frame({ posture_watch: 'at_risk' }));
    await at(10_200, frame({ posture_watch: 'at_risk' }));
    await at(12_000, frame({ posture_watch: 'steady' }));
    await at(13_000, { ...nobody, posture_watch: 'nobody' });
    await at(16_000, { ...nobody, posture_watch: 'nobody' });
    await at(19_000, frame({ posture_watch: 'steady' }));
    expect(constraints).toEqual([AT_RISK_FPS, STEADY_FPS, NOBODY_FPS, STEADY_FPS]);
    // The producer is told each rate too, from the one the camera opened at: Chromium keeps a track at 1 frame/s
    // at the least, so device mode takes the empty room's frame every 3 s itself.
    expect(producerRates).toEqual([STEADY_FPS, AT_RISK_FPS, STEADY_FPS, NOBODY_FPS, STEADY_FPS]);
  });

  it('reports who is in view from the frames it already has, calibrating or not, on a change and every 2 s', async () => {
    const m = monitor();
    await m.start(null);
    constraints = [];
    // Before the reference: a person, then nobody (the empty room's frames, every 3 s), then the person again.
    await at(0, upright);
    await at(1000, upright);
    await at(2000, upright);
    await at(3000, { ...nobody, posture_watch: 'nobody' });
    await at(6000, { ...nobody, posture_watch: 'nobody' });
    await at(7000, frame({ posture_watch: 'steady' }));
    expect(presences).toEqual([true, true, false, false, true]);
    // No frame was looked at for it: the camera stayed at the rate each frame asked for.
    expect(constraints).toEqual([NOBODY_FPS, STEADY_FPS]);
  });

  it('counts a moderate deviation as good posture at low sensitivity, read from the stored preferences', async () => {
    preferences = { ...DEFAULT_ALERT_PREFERENCES, sensitivity: 'low', warningDelaySeconds: 10 };
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

  describe('with calibration profiles', () => {
    it('hands the active profile’s reference to the producer from the start, with no calibrating, and counts its verdicts', async () => {
      profiles = [profile('laptop', true, person)];
      await monitor().start(null);
      expect(handed).toEqual([{ keypoints: person, frame: FRAME }]);
      expect(calls).toContain('phase monitoring');
      expect(calls.some((c) => c.startsWith('phase calibrating'))).toBe(false);
      // The producer judged against that reference: its verdicts are the feedback, as they come.
      for (let t = 0; t <= 6000; t += 500) await at(t, t < 3000 ? upright : slouched);
      expect(feedback.map((f) => f.postureStatus)).toEqual(['good', 'poor']);
      expect(calls).not.toContain('reference taken');
    });

    it('takes the reference for a profile without one and stores it there', async () => {
      profiles = [profile('desk', true, null)];
      await monitor().start(null);
      expect(handed).toEqual([null]);
      await at(0, bodyFrame(person));
      await at(CALIBRATION_DELAY_MS, bodyFrame(person));
      expect(calls).toContain('profile desk saved');
      expect(profiles[0]?.reference).toEqual({ keypoints: person, frame: FRAME });
    });

    it('says so in the popup when the profile cannot keep the reference just taken', async () => {
      profiles = [profile('desk', true, null)];
      updateRefused = new Error('Network error: the API could not be reached.');
      await monitor().start(null);
      await at(0, bodyFrame(person));
      await at(CALIBRATION_DELAY_MS, bodyFrame(person));
      expect(calls).toContain(
        `phase monitoring: ${SESSION_MESSAGES.referenceNotKept('Network error: the API could not be reached.')}`,
      );
      expect(profiles[0]?.reference).toBeNull();
    });

    it('switching profile from the popup hands the producer the new profile’s reference', async () => {
      profiles = [profile('laptop', true, person), profile('desk', false, forwardHead)];
      const m = monitor();
      await m.start(null);
      profiles = profiles.map((p) => ({ ...p, active: p.id === 'desk' }));
      expect(await m.profileChanged()).toEqual({ ok: true });
      expect(handed).toEqual([
        { keypoints: person, frame: FRAME },
        { keypoints: forwardHead, frame: FRAME },
      ]);
      // A profile with no reference yet: the producer is told so and the automatic one is taken for it.
      profiles = [...profiles.map((p) => ({ ...p, active: false })), profile('standing', true, null)];
      calls = [];
      await m.profileChanged();
      expect(handed.at(-1)).toBeNull();
      expect(calls).toContain(`phase calibrating: ${MONITOR_TEXTS.calibrating}`);
    });

    it('a saved reference the analysis refuses is not used, and the popup says why while a new one is taken', async () => {
      // Kept with the head turned away (the nose well off the ears' and the eyes' midline).
      const turned = person.map((k, i) => (i === 0 ? { ...k, x: 0.56 } : k));
      profiles = [profile('desk', true, turned)];
      await monitor().start(null);
      expect(handed).toEqual([null]);
      expect(calls).toContain(
        `phase calibrating: ${SESSION_MESSAGES.savedReferenceRefused(CALIBRATION_PROBLEMS.headTurned, MONITOR_TEXTS.calibrating)}`,
      );
      // The new reference replaces it in the profile.
      await at(0, bodyFrame(person));
      await at(CALIBRATION_DELAY_MS, bodyFrame(person));
      expect(calls).toContain('profile desk saved');
      expect(profiles[0]?.reference).toEqual({ keypoints: person, frame: FRAME });
    });

    it('says when the reference no longer fits, and Recalibrate clears it', async () => {
      profiles = [profile('laptop', true, person)];
      const m = monitor();
      await m.start(null);
      // The producer judges the person off the profile's reference, minute after minute.
      for (let t = 0; t <= STALE_AFTER_MS - 1000; t += 5000) await at(t, bodyFrame(forwardHead, true));
      expect(calls).not.toContain('stale true');
      await at(STALE_AFTER_MS + 10_000, bodyFrame(forwardHead, true));
      expect(calls).toContain('stale true');
      calls = [];
      await m.recalibrate();
      expect(calls).toContain('stale false');
      await at(STALE_AFTER_MS + 12_000, bodyFrame(forwardHead));
      await at(STALE_AFTER_MS + 12_000 + CALIBRATION_DELAY_MS, bodyFrame(forwardHead));
      // The new reference goes into the active profile.
      expect(calls).toContain('profile laptop saved');
      expect(profiles[0]?.reference?.keypoints).toEqual(forwardHead);
    });
  });
});
