// @posture-vision/core: everything the web app, the extension and the servers share, without UI.
export * from './api/index';
export type * from './detection/frame';
