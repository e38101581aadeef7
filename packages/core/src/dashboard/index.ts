export * from './messages';
export * from './status';
