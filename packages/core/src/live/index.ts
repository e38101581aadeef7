export * from './link';
export * from './messages';
export * from './socket-contract';
export * from './vision-http';
