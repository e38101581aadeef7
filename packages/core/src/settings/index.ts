export * from './alert-preferences';
export * from './messages';
