export * from './feedback';
export * from './format';
export * from './messages';
export * from './monitor';
export * from './stale-calibration';
export * from './timeline-strip';
