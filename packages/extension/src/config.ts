// Build-time settings (Vite env). The web app's origin is the only origin the content script acts on.
import {
  PUBLIC_STUN_SERVER,
  resolveApiBaseUrl,
  resolveIceServers,
  resolveVisionUrls,
} from '@posture-vision/core';
import { callAppsFrom } from './rules/call-apps';

export const WEB_ORIGIN = new URL(import.meta.env.VITE_WEB_ORIGIN || 'http://localhost:5173').origin;
// The extension's own host is its id, so the base URLs follow the web app's host unless overridden.
export const API_URL = resolveApiBaseUrl(new URL(WEB_ORIGIN).hostname, import.meta.env.VITE_API_URL);
export const VISION_URLS = resolveVisionUrls(new URL(WEB_ORIGIN).hostname, {
  http: import.meta.env.VITE_VISION_URL,
});
/** STUN/TURN servers of the live link: VITE_ICE_SERVERS, else the public STUN server. */
export const ICE_SERVERS = resolveIceServers(import.meta.env.VITE_ICE_SERVERS, [PUBLIC_STUN_SERVER]);
export const DASHBOARD_URL = `${WEB_ORIGIN}/dashboard`;
export const LOGIN_URL = `${WEB_ORIGIN}/login`;
/** The call apps whose meetings hold alerts (Quiet in calls): the real ones, or a test build's pages
 * (VITE_CALL_APPS, rules/call-apps.ts). */
export const CALL_APPS = callAppsFrom(import.meta.env.VITE_CALL_APPS);
