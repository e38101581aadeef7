// Parser for the results channel: a malformed frame is reported, never thrown into the UI; a frame with
// status 'waiting' is skipped.
import { POSTURE_ISSUES } from '../sessions/feedback';
import { type DetectionFrame, UNJUDGED_REASONS } from './frame';

export type ParsedFrame =
  | { kind: 'frame'; frame: DetectionFrame }
  | { kind: 'waiting' }
  | { kind: 'invalid'; reason: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const LEVELS = ['mild', 'moderate', 'severe'];

/** The added `posture_verdict` field, when present (a frame may gain fields, never rename one). */
function checkVerdict(v: unknown): string | null {
  if (v === undefined) return null;
  if (!isObj(v)) return 'posture_verdict must be an object';
  if (!['good', 'poor', 'neutral'].includes(v.status as string))
    return 'posture_verdict.status must be good, poor or neutral';
  if (v.issue !== null && !(POSTURE_ISSUES as readonly unknown[]).includes(v.issue))
    return 'posture_verdict.issue must be a posture issue or null';
  if (v.level !== null && !LEVELS.includes(v.level as string))
    return 'posture_verdict.level must be mild, moderate, severe or null';
  return null;
}

function check(frame: Obj): string | null {
  const { hns, hand, drowsiness, temporal_posture_data: tpd } = frame;
  if (!isObj(hns)) return 'hns is missing';
  if (!Array.isArray(hns.poses) || !hns.poses.every(Array.isArray))
    return 'hns.poses must be a list of lists';
  if (!Array.isArray(hns.boxes)) return 'hns.boxes must be a list';
  if (!Array.isArray(hns.emotions)) return 'hns.emotions must be a list';
  if (!isObj(hand)) return 'hand is missing';
  if (!Array.isArray(hand.poses) || !hand.poses.every(Array.isArray))
    return 'hand.poses must be a list of lists';
  if (!Array.isArray(hand.confidences)) return 'hand.confidences must be a list';
  if (!isObj(drowsiness)) return 'drowsiness is missing';
  if (typeof drowsiness.drowsiness_state !== 'boolean')
    return 'drowsiness.drowsiness_state must be a boolean';
  if (!Array.isArray(drowsiness.boxes)) return 'drowsiness.boxes must be a list';
  if (typeof frame.body_status !== 'string') return 'body_status must be text';
  if (tpd !== null && tpd !== undefined) {
    if (!isObj(tpd)) return 'temporal_posture_data must be an object or null';
    if (typeof tpd.is_posture_deviated !== 'boolean') return 'is_posture_deviated must be a boolean';
    if (!LEVELS.includes(tpd.deviation_level as string)) {
      return 'deviation_level must be mild, moderate or severe';
    }
    if (!isNum(tpd.confidence)) return 'confidence must be a number';
    if (!Array.isArray(tpd.all_offset_vector)) return 'all_offset_vector must be a list';
  }
  if (
    frame.posture_unjudged !== undefined &&
    !(UNJUDGED_REASONS as readonly unknown[]).includes(frame.posture_unjudged)
  )
    return 'posture_unjudged must be a reason the analysis names';
  return checkVerdict(frame.posture_verdict);
}

/** Parses one message of the results channel (JSON text or an already parsed value). */
export function parseDetectionFrame(raw: unknown): ParsedFrame {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { kind: 'invalid', reason: 'not JSON' };
    }
  }
  if (!isObj(value)) return { kind: 'invalid', reason: 'not an object' };
  if (typeof value.status !== 'string') return { kind: 'invalid', reason: 'status must be text' };
  if (value.status === 'waiting') return { kind: 'waiting' };
  const reason = check(value);
  if (reason) return { kind: 'invalid', reason };
  const frame = {
    ...value,
    temporal_posture_data: value.temporal_posture_data ?? null,
  } as unknown as DetectionFrame;
  return { kind: 'frame', frame };
}
