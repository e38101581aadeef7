// @posture-vision/core: everything the web app, the extension and the servers share, without UI.
export * from './analysis';
export * from './analytics';
export * from './api';
export * from './auth';
export * from './calibration';
export * from './detection';
export * from './extension-bridge';
export * from './live';
export * from './profile';
export * from './sessions';
export * from './settings';
export * from './text';
