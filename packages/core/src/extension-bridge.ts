export * from './domain/extension-bridge/protocol';
