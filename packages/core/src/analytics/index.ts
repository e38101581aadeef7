export * from './contract';
export * from './insights';
export * from './messages';
export * from './overview';
export * from './rows';
