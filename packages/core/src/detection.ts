export type * from './domain/detection/frame';
export * from './domain/detection/parse';
export * from './domain/detection/verdict';
