export * from './client';
export * from './envelope';
export * from './errors';
export * from './offline';
export * from './session';
export * from './storage';
export type * from './types';
export * from './urls';
