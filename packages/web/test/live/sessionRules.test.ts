// Real-time session rules (document 2, sections 3.4, 4.4, 5.3 and 9).
import type { DetectionFrame } from '@posture-vision/core';
import { detectionFrame, temporalData } from '@posture-vision/testkit/frames';
import { describe, expect, it } from 'vitest';
import {
  appendLog,
  defaultSessionMode,
  feedbackPayload,
  postureFromFrame,
} from '../../src/sessions/rules/postureUpdate.ts';

function frame(
  pose: { x: number; y: number }[],
  temporal: Partial<DetectionFrame['temporal_posture_data']> | null,
) {
  return detectionFrame({
    hns: { poses: pose.length ? [pose] : [], boxes: [], emotions: [] },
    body_status: 'ok',
    temporal_posture_data: temporal ? temporalData({ deviation_level: 'mild', ...temporal }) : null,
  });
}
const upright = Array.from({ length: 17 }, (_, i) => ({
  x: 0.5 + (i % 2) * 0.01,
  y: 0.3 + Math.floor(i / 2) * 0.01,
}));

describe('posture from a detection frame', () => {
  it('is neutral while nobody is detected', () => {
    expect(postureFromFrame(frame([], null))).toEqual({ postureStatus: 'neutral' });
  });
  it('follows the deviation against the calibration', () => {
    expect(postureFromFrame(frame(upright, { is_posture_deviated: false }))).toEqual({
      postureStatus: 'good',
    });
    expect(postureFromFrame(frame(upright, { is_posture_deviated: true }))).toEqual({
      postureStatus: 'poor',
      issue: 'forward_head',
    });
  });
  it('names tilt and shoulder asymmetry', () => {
    const tilted = upright.map((p, i) => (i === 2 ? { ...p, y: p.y + 0.08 } : p));
    expect(postureFromFrame(frame(tilted, null))).toEqual({ postureStatus: 'poor', issue: 'tilt' });
    const shoulders = upright.map((p, i) => (i === 6 ? { ...p, y: p.y + 0.1 } : p));
    expect(postureFromFrame(frame(shoulders, { is_posture_deviated: true }))).toEqual({
      postureStatus: 'poor',
      issue: 'shoulder_asymmetry',
    });
  });
  it('builds the feedback payload with status, timestamp and details', () => {
    const payload = feedbackPayload(
      { postureStatus: 'poor', issue: 'tilt' },
      frame(upright, { is_posture_deviated: true, deviation_level: 'severe' }),
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(payload).toEqual({
      postureStatus: 'poor',
      timestamp: '2026-01-01T00:00:00.000Z',
      details: { type: 'realtime', issue: 'tilt', deviationLevel: 'severe', confidence: 0.9 },
    });
  });
});

describe('session page rules', () => {
  it('takes the default mode from the stored settings', () => {
    expect(defaultSessionMode('{"defaultSessionMode":"sideways"}')).toBe('active');
    expect(defaultSessionMode(null)).toBe('active');
    expect(defaultSessionMode('{"defaultSessionMode":"passive"}')).toBe('passive');
    expect(defaultSessionMode('not json')).toBe('active');
  });
  it('keeps the last 500 log lines', () => {
    let log: string[] = [];
    for (let i = 0; i < 500 + 5; i++) log = appendLog(log, `line ${i}`);
    expect(log).toHaveLength(500);
    expect(log[0]).toBe('line 5');
  });
});
