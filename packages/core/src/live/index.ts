export * from './link';
export * from './messages';
export * from './signalling';
export * from './socket-contract';
export * from './vision-http';
