// The browser tier's shared services (vitest global setup; vitest.config.ts names it when scripts/test.mjs runs the
// browser tier): one API, vision service and served app for every file that asks for no other settings, so each
// file starts only its Chromium and its user. Starting them was 5-9 s of every file here. Every test makes its own
// user, so the files do not see each other's data. Run alone, a file starts its own (live-stack.ts servicesFor).
import type { TestProject } from 'vitest/node';
import { SHARED_API_ENV, startServices } from './live-stack.ts';

export default async function setup(project: TestProject) {
  const services = await startServices({ name: 'shared', apiEnv: { ...SHARED_API_ENV }, admin: true });
  const { api, vision, site } = services;
  if (!vision) throw new Error('the shared services have a vision service');
  project.provide('webServices', {
    site: site.url,
    api: { url: api.url, port: api.port, dataDir: api.dataDir },
    vision: { url: vision.url, port: vision.port, dataDir: vision.dataDir },
  });
  return () => services.stop();
}
