export * from './domain/auth/access-token';
export * from './domain/auth/contract';
export * from './domain/auth/failures';
export * from './domain/auth/marks';
export * from './domain/auth/recovery-codes';
export * from './domain/auth/security-contract';
export * from './domain/auth/validation';
export * from './texts/auth';
