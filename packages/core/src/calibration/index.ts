export * from './failures';
export * from './messages';
export * from './metrics';
