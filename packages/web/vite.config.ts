import { detectorAssets } from '@posture-vision/detector/browser/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfo, precompress } from './server/production-build.ts';

export default defineConfig({
  plugins: [
    react(),
    // Device mode of the live tool: every model it may run and tfjs's .wasm files (the threaded build only
    // runs where the page is cross-origin isolated), from the npm packages; nothing fetched at run time.
    detectorAssets({ modules: { body: true, face: true, hands: true, emotion: true }, threads: true }),
    // What the production server (server/) needs from a build: brotli and gzip next to each file, and the
    // build's settings for its content security policy.
    precompress(),
    buildInfo(),
  ],
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
});
