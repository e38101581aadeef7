export * from './ice';
export * from './link';
export * from './messages';
export * from './vision-http';
