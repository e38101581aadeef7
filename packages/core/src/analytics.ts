export * from './domain/analytics/contract';
export * from './domain/analytics/figures';
export * from './domain/analytics/insights';
export * from './domain/analytics/overview';
export * from './domain/analytics/rows';
export * from './texts/analytics';
