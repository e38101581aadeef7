// The live tool's controller with the web app's wiring (the vision service's addresses, the stored token, the
// ICE servers, the remembered processing choice). A page that runs a session with the tool (the real-time
// session) makes it here, configures its session and subscribes to it, and hands it to <LiveTool controller>;
// otherwise the tool makes its own.
import { type LiveLoop, STORAGE_KEYS } from '@posture-vision/core';
import { useState } from 'react';
import { api, iceServers, visionUrls } from '../services/api';
import { LiveController, type Tier } from './live-controller.ts';
import { readProcessingChoice } from './processing-choice.ts';

export interface ToolControllerOptions {
  initialTier?: Tier;
  /** The page's live loop (see LiveControllerOptions.loop). */
  loop?: LiveLoop;
}

export function createToolController(options: ToolControllerOptions = {}): LiveController {
  return new LiveController({
    visionHttp: visionUrls.http,
    visionWs: visionUrls.ws,
    getToken: () => localStorage.getItem(STORAGE_KEYS.token),
    refreshToken: () => api.auth.refresh(),
    initialTier: options.initialTier,
    initialProcessing: readProcessingChoice(),
    iceServers,
    loop: options.loop,
  });
}

/** One controller for the component's life, made from the options of its first render. */
export function useLiveController(options: ToolControllerOptions = {}): LiveController {
  const [controller] = useState(() => createToolController(options));
  return controller;
}
