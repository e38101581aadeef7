import { describe, expect, it } from 'vitest';
import { type DetectionFrame, frameVerdict, parseDetectionFrame } from '../../src/detection';

function frame(): DetectionFrame {
  return {
    status: 'ok',
    hns: {
      poses: [[{ x: 0.5, y: 0.4, score: 0.9 }]],
      boxes: [{ x: 0.1, y: 0.1, w: 0.5, h: 0.6 }],
      emotions: ['neutral'],
    },
    hand: { poses: [], confidences: [] },
    drowsiness: {
      drowsiness_state: false,
      mouth_state: 'closed',
      eye_state: 'open',
      blinking_count: 2,
      yawning_count: 0,
      boxes: [],
    },
    body_status: 'Good posture',
    temporal_posture_data: {
      is_posture_deviated: true,
      deviation_level: 'moderate',
      confidence: 0.9,
      stability_factor: 0.8,
      smoothing_factor: 0.5,
      all_offset_vector: [[0.01, 0.02]],
    },
    timestamp: 1,
    frame_size: { width: 640, height: 480 },
  };
}

describe('parseDetectionFrame', () => {
  it('accepts a complete frame, as an object or as JSON text', () => {
    expect(parseDetectionFrame(frame())).toEqual({ kind: 'frame', frame: frame() });
    expect(parseDetectionFrame(JSON.stringify(frame()))).toEqual({ kind: 'frame', frame: frame() });
  });

  it('accepts a frame without posture data (null)', () => {
    const f = { ...frame(), temporal_posture_data: undefined };
    const parsed = parseDetectionFrame(f);
    expect(parsed.kind).toBe('frame');
    expect(parsed.kind === 'frame' && parsed.frame.temporal_posture_data).toBeNull();
  });

  it("skips status 'waiting' whatever else it carries", () => {
    expect(parseDetectionFrame({ status: 'waiting' })).toEqual({ kind: 'waiting' });
    expect(parseDetectionFrame('{"status":"waiting","hns":null}')).toEqual({ kind: 'waiting' });
  });

  it('keeps extra fields', () => {
    const parsed = parseDetectionFrame({ ...frame(), extra: 7 });
    expect(parsed.kind === 'frame' && (parsed.frame as unknown as { extra: number }).extra).toBe(7);
  });

  const broken: [string, (f: Record<string, unknown>) => unknown, string][] = [
    ['not JSON', () => '{status', 'not JSON'],
    ['an array', () => [1], 'not an object'],
    ['null', () => null, 'not an object'],
    ['no status', (f) => ({ ...f, status: undefined }), 'status must be text'],
    ['no hns', (f) => ({ ...f, hns: undefined }), 'hns is missing'],
    [
      'poses not lists',
      (f) => ({ ...f, hns: { ...(f.hns as object), poses: [1] } }),
      'hns.poses must be a list of lists',
    ],
    [
      'boxes missing',
      (f) => ({ ...f, hns: { ...(f.hns as object), boxes: null } }),
      'hns.boxes must be a list',
    ],
    [
      'emotions missing',
      (f) => ({ ...f, hns: { ...(f.hns as object), emotions: 'x' } }),
      'hns.emotions must be a list',
    ],
    ['no hand', (f) => ({ ...f, hand: 3 }), 'hand is missing'],
    [
      'hand poses',
      (f) => ({ ...f, hand: { poses: {}, confidences: [] } }),
      'hand.poses must be a list of lists',
    ],
    [
      'hand confidences',
      (f) => ({ ...f, hand: { poses: [], confidences: 1 } }),
      'hand.confidences must be a list',
    ],
    ['no drowsiness', (f) => ({ ...f, drowsiness: undefined }), 'drowsiness is missing'],
    [
      'drowsiness state',
      (f) => ({ ...f, drowsiness: { ...(f.drowsiness as object), drowsiness_state: 'no' } }),
      'drowsiness.drowsiness_state must be a boolean',
    ],
    [
      'drowsiness boxes',
      (f) => ({ ...f, drowsiness: { ...(f.drowsiness as object), boxes: undefined } }),
      'drowsiness.boxes must be a list',
    ],
    ['body status', (f) => ({ ...f, body_status: 5 }), 'body_status must be text'],
    [
      'posture data type',
      (f) => ({ ...f, temporal_posture_data: [] }),
      'temporal_posture_data must be an object or null',
    ],
    [
      'deviated flag',
      (f) => ({
        ...f,
        temporal_posture_data: { ...(f.temporal_posture_data as object), is_posture_deviated: 1 },
      }),
      'is_posture_deviated must be a boolean',
    ],
    [
      'level',
      (f) => ({
        ...f,
        temporal_posture_data: { ...(f.temporal_posture_data as object), deviation_level: 'extreme' },
      }),
      'deviation_level must be mild, moderate or severe',
    ],
    [
      'confidence',
      (f) => ({
        ...f,
        temporal_posture_data: { ...(f.temporal_posture_data as object), confidence: Number.NaN },
      }),
      'confidence must be a number',
    ],
    [
      'offsets',
      (f) => ({
        ...f,
        temporal_posture_data: { ...(f.temporal_posture_data as object), all_offset_vector: null },
      }),
      'all_offset_vector must be a list',
    ],
  ];

  it.each(broken)('rejects %s without throwing', (_name, make, reason) => {
    const raw = make(frame() as unknown as Record<string, unknown>);
    expect(() => parseDetectionFrame(raw)).not.toThrow();
    expect(parseDetectionFrame(raw)).toEqual({ kind: 'invalid', reason });
  });
});

describe('the verdict field', () => {
  const verdict = { status: 'poor', issue: 'slouch', level: 'moderate' } as const;

  it('carries the verdict as data, read as is', () => {
    const parsed = parseDetectionFrame(JSON.stringify({ ...frame(), posture_verdict: verdict }));
    expect(parsed.kind === 'frame' && frameVerdict(parsed.frame)).toEqual(verdict);
  });

  it.each([
    [{ ...verdict, status: 'bad' }, 'posture_verdict.status must be good, poor or neutral'],
    [{ ...verdict, issue: 'Slouching' }, 'posture_verdict.issue must be a posture issue or null'],
    [{ ...verdict, level: 'high' }, 'posture_verdict.level must be mild, moderate, severe or null'],
    ['poor', 'posture_verdict must be an object'],
  ])('rejects a malformed verdict %j', (bad, reason) => {
    expect(parseDetectionFrame({ ...frame(), posture_verdict: bad })).toEqual({ kind: 'invalid', reason });
  });

  it('from an older producer follows the temporal data, never the body status text', () => {
    const f = { ...frame(), body_status: 'Moderate deviation: Slouching (head and shoulders dropped)' };
    expect(frameVerdict(f)).toEqual({ status: 'poor', issue: null, level: 'moderate' });
    expect(frameVerdict({ ...f, temporal_posture_data: null })).toEqual({
      status: 'neutral',
      issue: null,
      level: null,
    });
  });
});
