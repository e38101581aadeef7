export * from './domain/settings/alert-preferences';
export * from './domain/settings/contract';
export * from './texts/settings';
