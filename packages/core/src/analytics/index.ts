export * from './insights';
export * from './rows';
