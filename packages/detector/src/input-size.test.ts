import { describe, expect, it } from 'vitest';
import { BODY_MODEL_INPUT, detectionSize } from './input-size.ts';

const body = { body: true, face: false, hands: false, emotion: false };

describe('detectionSize', () => {
  it('scales a frame for the body model alone to its input on the long side, aspect kept', () => {
    expect(detectionSize(body, { width: 640, height: 480 })).toEqual({ width: 192, height: 144 });
    expect(detectionSize(body, { width: 1280, height: 720 })).toEqual({ width: 192, height: 108 });
    expect(detectionSize(body, { width: 480, height: 640 })).toEqual({ width: 144, height: 192 });
  });

  it('keeps the full frame when the face, hand or emotion models run (they crop from it)', () => {
    for (const extra of ['face', 'hands', 'emotion'] as const)
      expect(detectionSize({ ...body, [extra]: true }, { width: 640, height: 480 })).toEqual({
        width: 640,
        height: 480,
      });
  });

  it('never scales a frame up', () => {
    expect(detectionSize(body, { width: 160, height: 120 })).toEqual({ width: 160, height: 120 });
    expect(detectionSize(body, { width: BODY_MODEL_INPUT, height: 100 })).toEqual({
      width: BODY_MODEL_INPUT,
      height: 100,
    });
  });
});
