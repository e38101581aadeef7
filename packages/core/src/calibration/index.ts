export * from './messages';
export * from './metrics';
