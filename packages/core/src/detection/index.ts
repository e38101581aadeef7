export type * from './frame';
export * from './parse';
export * from './verdict';
