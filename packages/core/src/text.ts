export * from './texts/plural';
