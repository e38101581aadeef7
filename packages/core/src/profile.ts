export * from './domain/profile/contract';
export * from './domain/profile/failures';
export * from './texts/profile';
