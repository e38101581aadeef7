export * from './contract';
export * from './marks';
export * from './messages';
export * from './recovery-codes';
export * from './security-contract';
export * from './validation';
