export * from './change';
export * from './failures';
export * from './geometry';
export * from './messages';
export * from './metrics';
export * from './photo-check';
export * from './profiles';
export * from './score';
