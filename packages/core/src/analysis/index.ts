// Posture analysis (keypoints + calibrated reference → deviation, level, offsets, stability, verdict), shared
// by the vision service and any on-device engine so both produce the same frames; and the keypoint and tilt
// rules the live tool shares with it.

// The frame types the analysis produces, so engines can import them from here alone.
export type * from '../detection/frame';
export * from './body';
export * from './keypoints';
export * from './measures';
export * from './posture';
export * from './reference';
export * from './rules/forward-head';
export * from './rules/lean';
export * from './rules/leaning-in';
export * from './rules/levels';
export * from './rules/slouch';
export * from './thresholds';
export * from './tilt';
export * from './verdict';
export * from './view';
