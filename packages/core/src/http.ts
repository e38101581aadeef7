export * from './domain/http/envelope';
export * from './domain/http/fields';
export * from './domain/http/health';
export * from './domain/http/schema';
export * from './domain/http/storable';
