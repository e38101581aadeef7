// Posture analysis (keypoints + calibrated reference → deviation, level, offsets, stability, verdict), shared
// by the vision service and any on-device engine so both produce the same frames; and the keypoint and tilt
// rules the live tool shares with it.

export * from './domain/analysis/body';
export * from './domain/analysis/keypoints';
export * from './domain/analysis/measures';
export * from './domain/analysis/posture';
export * from './domain/analysis/reference';
export * from './domain/analysis/rules/forward-head';
export * from './domain/analysis/rules/lean';
export * from './domain/analysis/rules/leaning-in';
export * from './domain/analysis/rules/levels';
export * from './domain/analysis/rules/slouch';
export * from './domain/analysis/seeing';
export * from './domain/analysis/thresholds';
export * from './domain/analysis/tilt';
export * from './domain/analysis/verdict';
export * from './domain/analysis/view';
// The frame types the analysis produces, so engines can import them from here alone.
export type * from './domain/detection/frame';
