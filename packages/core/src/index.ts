// @posture-vision/core: everything the web app, the extension and the servers share, without UI.
export * from './analysis/index';
export * from './analytics/index';
export * from './api/index';
export * from './auth/index';
export * from './calibration/index';
export * from './detection/index';
export * from './extension-bridge/index';
export * from './live/index';
export * from './profile/index';
export * from './sessions/index';
export * from './settings/index';
export * from './text/index';
