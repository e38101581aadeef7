import { describe, expect, it } from 'vitest';
import { MIN_TRACKED } from '../../src/analysis';
import type { Keypoint } from '../../src/domain/detection/frame';
import {
  CALIBRATION_PROBLEMS,
  calibrationProblem,
  deviceFailedStatus,
  PROCESSING_MESSAGES,
  processingChoice,
} from '../../src/live';

describe('where live video is processed', () => {
  it.each([
    ['device', 'device'],
    ['server', 'server'],
    [null, 'server'],
    ['', 'server'],
    ['Device', 'server'],
  ] as const)('stored %j reads as %s (the server is the default)', (stored, choice) => {
    expect(processingChoice(stored)).toBe(choice);
  });

  it('labels the switch as the extension popup does', () => {
    expect(PROCESSING_MESSAGES.choice).toBe('Process video on this computer');
    expect(deviceFailedStatus('no WebAssembly')).toBe('On-device detection could not start: no WebAssembly');
  });
});

describe('why a live calibration took nothing', () => {
  const seen: Keypoint = { x: 0.5, y: 0.4, score: 0.9 };
  const unseen: Keypoint = { x: 0.5, y: 0.4, score: 0.05 };
  /** Seventeen keypoints, the first `n` head-and-shoulder ones (0–6) seen. */
  const body = (n: number) => Array.from({ length: 17 }, (_, i) => (i < n ? seen : unseen));

  it('no frame yet: no video', () => {
    expect(calibrationProblem(null)).toBe(CALIBRATION_PROBLEMS.noVideo);
  });

  it(`fewer than ${MIN_TRACKED} head-and-shoulder keypoints: nobody; ${MIN_TRACKED} or more: partial`, () => {
    expect(calibrationProblem([])).toBe(CALIBRATION_PROBLEMS.nobody);
    expect(calibrationProblem(body(MIN_TRACKED - 1))).toBe(CALIBRATION_PROBLEMS.nobody);
    expect(calibrationProblem(body(MIN_TRACKED))).toBe(CALIBRATION_PROBLEMS.partial);
  });
});
