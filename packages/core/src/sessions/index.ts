export * from './contract';
export * from './feedback';
export * from './format';
export * from './live-loop';
export * from './messages';
export * from './monitor';
export * from './stale-calibration';
export * from './timeline-strip';
