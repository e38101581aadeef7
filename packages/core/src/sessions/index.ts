export * from './feedback';
export * from './format';
export * from './messages';
export * from './timeline-strip';
