export * from './clients/api/client';
export * from './clients/api/offline';
export * from './clients/api/session';
export * from './clients/api/storage';
export type * from './clients/api/types';
export * from './clients/api/urls';
export * from './domain/http/answer';
export * from './domain/http/errors';
