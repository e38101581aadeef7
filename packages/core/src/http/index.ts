export * from './envelope';
export * from './fields';
export * from './schema';
export * from './storable';
