export * from './domain/sessions/contract';
export * from './domain/sessions/feedback';
export * from './domain/sessions/format';
export * from './domain/sessions/stale-calibration';
export * from './domain/sessions/timeline-strip';
export * from './texts/sessions';
export * from './workflows/sessions/live-loop';
export * from './workflows/sessions/monitor';
