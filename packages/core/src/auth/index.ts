export * from './marks';
export * from './messages';
export * from './validation';
