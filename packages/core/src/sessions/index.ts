export * from './format';
export * from './messages';
