// Serves the built web app (see server.ts): `WEB_PORT` (5173), `WEB_HOST` (localhost; 0.0.0.0 to serve
// other machines), `WEB_DIST` (packages/web/dist, made by build-once.ts). The app's settings set in the
// environment (`VITE_API_URL`, `VITE_VISION_URL`, … : src/services/settings.ts) are given to the page and win over
// the ones built in, so one build serves any deployment. Stops on SIGTERM/SIGINT.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AppSettings, SETTING_NAMES } from '../src/services/settings.ts';
import { webRoot } from './inputs.ts';
import { createWebServer } from './server.ts';

const port = Number(process.env.WEB_PORT ?? 5173);
const host = process.env.WEB_HOST ?? 'localhost';
const root = resolve(process.env.WEB_DIST ?? join(webRoot, 'dist'));
if (!existsSync(join(root, 'index.html'))) {
  console.error(
    `no built web app in ${root}: run \`npm start\` (or \`pnpm --filter @posture-vision/web build:once\`)`,
  );
  process.exit(1);
}
const given: AppSettings = Object.fromEntries(
  SETTING_NAMES.flatMap((name) => (process.env[name]?.trim() ? [[name, process.env[name]]] : [])),
);
const app = await createWebServer({ root, settings: () => given });
await app.listen({ port, host });
console.log(`web app (production build) on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
