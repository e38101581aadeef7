// Vitest global setup of the browser tier (vitest.config.ts names it when scripts/test.mjs runs that tier): the web
// app's production build, made once before any file starts (web-build.ts).
import { webBuild } from './web-build';

export default function setup(): void {
  webBuild();
}
