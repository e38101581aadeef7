export * from './envelope';
export * from './storable';
