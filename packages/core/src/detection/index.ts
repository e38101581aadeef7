export type * from './frame';
export * from './parse';
