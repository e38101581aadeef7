// The live tool's parts without a browser: tool state changes, the draw loop's rules and scheduling, the
// live-link wiring and the camera. The browser test drives them together.
import {
  type DetectionFrame,
  LIVE_MESSAGES,
  type LiveLinkEvents,
  REFERENCE_FRAME_SIZE,
  recordProcessingError,
} from '@posture-vision/core';
import { detectionFrame, temporalData } from '@posture-vision/testkit/frames';
import { describe, expect, it } from 'vitest';
import {
  addDrawing,
  corrections,
  RATE_WINDOW_MS,
  rateOver,
  startDrawLoop,
} from '../../src/live/draw-loop.ts';
import { wireLink } from '../../src/live/link-wiring.ts';
import { LIVE_CAMERA_CONSTRAINTS, openLiveCamera, releaseLiveCamera } from '../../src/live/live-camera.ts';
import {
  framePatch,
  initialLiveState,
  noDrawing,
  processingErrorPatch,
  summarise,
  workflowPrompt,
} from '../../src/live/tool-state.ts';

const person = Array.from({ length: 17 }, (_, i) => ({
  x: 0.3 + (i % 5) * 0.05,
  y: 0.2 + i * 0.03,
  score: 0.9,
}));

function frame(deviated: boolean | null): DetectionFrame {
  return detectionFrame({
    hns: { poses: [person], boxes: [], emotions: ['happy'] },
    drowsiness: { ...detectionFrame().drowsiness, blinking_count: 2 },
    body_status: deviated ? 'Moderate deviation: Slouching (head and shoulders dropped)' : 'Good posture',
    temporal_posture_data:
      deviated === null
        ? null
        : temporalData({
            is_posture_deviated: deviated,
            all_offset_vector: person.map((): [number, number] => [0, 0.1]),
          }),
  });
}

describe('tool state', () => {
  it("names the control that starts the camera where the tool is, and the tool's own steps after it", () => {
    // The landing page and the dashboard: the tool's own button.
    expect(workflowPrompt('start')).toBe('Click Start Camera to begin');
    // The real-time session has no Start Camera: its Start Session starts the camera.
    expect(workflowPrompt('start', 'Start Session')).toBe('Click Start Session to begin');
    expect(workflowPrompt('calibrate', 'Start Session')).toBe(LIVE_MESSAGES.cameraConnected);
    expect(workflowPrompt('active')).toMatch(/^Calibrated! Step 2: Turn on Active Mode/);
  });

  it('summarises a frame for the Detection Status panel', () => {
    expect(summarise(frame(true))).toMatchObject({
      keypointCount: 17,
      bodyStatus: 'Moderate deviation: Slouching (head and shoulders dropped)',
      emotions: ['happy'],
      blinks: 2,
      analysed: true,
      deviated: true,
      deviationLevel: 'moderate',
    });
    expect(summarise(frame(null)).analysed).toBe(false);
    expect(summarise(frame(true)).unjudged).toBeNull();
  });

  it('keeps why an analysed frame judged nothing, and no reason before a reference', () => {
    const dark = { ...frame(false), posture_unjudged: 'too_dark' as const };
    expect(summarise(dark)).toMatchObject({ analysed: true, deviated: false, unjudged: 'too_dark' });
    expect(summarise({ ...frame(null), posture_unjudged: 'too_dark' }).unjudged).toBeNull();
  });

  it('a frame counts, keeps the last quality, and enables Active Mode once keypoints show', () => {
    const state = initialLiveState('free');
    const patch = framePatch(state, frame(false), 'Good');
    expect(patch).toMatchObject({
      activeModeDisabled: false,
      metrics: { framesReceived: 1, frameQuality: 'Good' },
    });
    const next = { ...state, ...patch };
    expect(framePatch(next, frame(false), null)).toMatchObject({
      metrics: { frameQuality: 'Good', framesReceived: 2 },
    });
    expect(framePatch(next, frame(false), null)).not.toHaveProperty('activeModeDisabled');
  });

  it('a processing error counts; past 5 the quality is degraded and debug turns on', () => {
    let state = initialLiveState('pro');
    for (let i = 0; i < 5; i++)
      state = {
        ...state,
        ...processingErrorPatch(state, recordProcessingError(state.metrics.processingErrors)),
      };
    expect(state.metrics.processingErrors).toBe(5);
    expect(state.debug).toBe(false);
    state = {
      ...state,
      ...processingErrorPatch(state, recordProcessingError(state.metrics.processingErrors)),
    };
    expect(state).toMatchObject({
      debug: true,
      status: LIVE_MESSAGES.qualityDegraded,
      metrics: { processingErrors: 6 },
    });
  });
});

describe('draw loop rules', () => {
  it('rates over the last 5 s, or since the start', () => {
    const times = [0, 100, 200, 6000, 6500];
    expect(rateOver(times, 7000, 0)).toBe(0.4);
    expect(times).toEqual([6000, 6500]);
    expect(rateOver([100, 200, 300, 400], 1000, 0)).toBe(4);
    expect(RATE_WINDOW_MS).toBe(5000);
  });

  it('adds up what was drawn', () => {
    const drawn = { keypoints: 17, handPoints: 0, boxes: 1, outlinePoints: 7, arrows: 3 };
    expect(addDrawing(addDrawing(noDrawing(), drawn), drawn)).toEqual({
      keypoints: 34,
      handPoints: 0,
      boxes: 2,
      outlinePoints: 14,
      arrows: 6,
      overlayFrames: 2,
    });
  });

  it('draws the outline and arrows only in Active Mode while the posture is deviated', () => {
    const outline: [number, number][] = [
      [200, 300],
      [250, 200],
      [300, 150],
      [350, 200],
      [400, 300],
    ];
    const size = { width: 640, height: 480 };
    expect(corrections(frame(true), false, outline, REFERENCE_FRAME_SIZE, size)).toBeNull();
    expect(corrections(frame(false), true, outline, REFERENCE_FRAME_SIZE, size)).toBeNull();
    const drawn = corrections(frame(true), true, outline, REFERENCE_FRAME_SIZE, size);
    expect(drawn?.outline).toHaveLength(5);
    expect(drawn?.arrows.length).toBeGreaterThan(0);
  });

  it('draws once per video frame, reports a failed draw as a processing error, and stops', () => {
    const callbacks: (() => void)[] = [];
    const video = {
      videoWidth: 640,
      videoHeight: 480,
      requestVideoFrameCallback: (cb: () => void) => callbacks.push(cb),
      cancelVideoFrameCallback: () => callbacks.splice(0),
    } as unknown as HTMLVideoElement;
    // A context whose every call fails (a lost canvas).
    const ctx = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('canvas lost');
        },
      },
    );
    const canvas = { width: 0, height: 0, getContext: () => ctx } as unknown as HTMLCanvasElement;
    const failures: string[] = [];
    const loop = startDrawLoop(video, canvas, {
      frame: () => frame(false),
      layers: () => ({ hns: true, hand: false, boxes: false, outline: true }),
      corrections: () => null,
      paused: () => false,
      drawn: () => undefined,
      failed: (error) => failures.push(error.message),
    });
    expect(callbacks).toHaveLength(1);
    callbacks.shift()?.();
    expect(failures).toEqual(['canvas lost']);
    expect(canvas.width).toBe(640);
    expect(callbacks).toHaveLength(1);
    loop.stop();
    expect(callbacks).toHaveLength(0);
  });
});

describe('live-link wiring', () => {
  it('passes each link event to its handler until unwired', () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const link = {
      on: <K extends keyof LiveLinkEvents>(event: K, handler: (payload: LiveLinkEvents[K]) => void) => {
        handlers.set(event, handler as (payload: unknown) => void);
        return () => handlers.delete(event);
      },
    };
    const seen: string[] = [];
    const unwire = wireLink(link, {
      status: (s) => seen.push(`status ${s}`),
      log: (l) => seen.push(`log ${l}`),
      connection: (c) => seen.push(`connection ${c}`),
      state: (s) => seen.push(`state ${s}`),
      frame: (f, q) => seen.push(`frame ${f.body_status} ${q}`),
      processingError: (step) => seen.push(`error ${step.count}`),
    });
    handlers.get('status')?.('Camera connected!');
    handlers.get('connection')?.({ indicator: 'good', label: 'Connected' });
    handlers.get('state')?.('connected');
    handlers.get('frame')?.({ frame: frame(false), gapMs: 90, quality: 'Excellent' });
    handlers.get('processingError')?.({ count: 1, degraded: false, enableDebug: false, reason: 'not JSON' });
    handlers.get('log')?.('Signalling channel open');
    expect(seen).toEqual([
      'status Camera connected!',
      'connection good',
      'state connected',
      'frame Good posture Excellent',
      'error 1',
      'log Signalling channel open',
    ]);
    unwire();
    expect(handlers.size).toBe(0);
  });
});

describe('camera', () => {
  it('asks for 640x480 at 15 fps (at most 20) without audio, plays it, and releases it', async () => {
    const stopped: string[] = [];
    const stream = { getTracks: () => [{ stop: () => stopped.push('video') }] } as unknown as MediaStream;
    const asked: MediaStreamConstraints[] = [];
    const video = { srcObject: null as MediaStream | null, play: async () => undefined } as HTMLVideoElement;
    const opened = await openLiveCamera(video, {
      getUserMedia: async (c) => {
        asked.push(c as MediaStreamConstraints);
        return stream;
      },
    });
    expect(asked).toEqual([LIVE_CAMERA_CONSTRAINTS]);
    expect(LIVE_CAMERA_CONSTRAINTS).toEqual({
      video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15, max: 20 } },
      audio: false,
    });
    expect(video.srcObject).toBe(stream);
    releaseLiveCamera(opened, video);
    expect(stopped).toEqual(['video']);
    expect(video.srcObject).toBeNull();
  });

  it('passes a refusal on', async () => {
    const refused = openLiveCamera(null, {
      getUserMedia: async () => {
        throw new Error('Permission denied');
      },
    });
    await expect(refused).rejects.toThrow('Permission denied');
  });
});
