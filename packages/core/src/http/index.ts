export * from './envelope';
export * from './fields';
export * from './health';
export * from './schema';
export * from './storable';
