export * from './alert-preferences';
export * from './contract';
export * from './messages';
