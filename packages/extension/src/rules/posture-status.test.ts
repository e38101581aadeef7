import { detectionFrame as frame, person } from '@posture-vision/testkit/frames';
import { describe, expect, it } from 'vitest';
import { feedbackFor, postureOfFrame } from './posture-status';

describe('posture of a detection frame', () => {
  it('skips frames while the service waits', () => {
    expect(postureOfFrame(frame({ status: 'waiting' }))).toBeNull();
  });

  it('is good or poor from the temporal deviation', () => {
    expect(postureOfFrame(frame())).toBe('good');
    expect(postureOfFrame(frame({}, true))).toBe('poor');
  });

  it('is neutral when nobody (or too few keypoints) is in view', () => {
    expect(postureOfFrame(frame({ hns: { poses: [], boxes: [], emotions: [] } }))).toBe('neutral');
    expect(postureOfFrame(frame({ hns: { poses: [person.slice(0, 10)], boxes: [], emotions: [] } }))).toBe(
      'neutral',
    );
    expect(postureOfFrame(frame({ temporal_posture_data: null }))).toBe('neutral');
  });

  it('names the issue and level in the feedback of poor posture', () => {
    const at = Date.UTC(2026, 10, 22, 12);
    expect(feedbackFor(frame({}, true), 'poor', at)).toEqual({
      postureStatus: 'poor',
      timestamp: '2026-11-22T12:00:00.000Z',
      details: { type: 'passive', issue: 'tilt', level: 'moderate' },
    });
    expect(feedbackFor(frame(), 'good', at).details).toEqual({ type: 'passive' });
  });
});
