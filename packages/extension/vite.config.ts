import { crx } from '@crxjs/vite-plugin';
import { detectorAssets } from '@posture-vision/detector/browser/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { manifest } from './manifest.config.ts';
import { DEVICE_MODULES } from './src/offscreen/device-modules.ts';

export default defineConfig(async ({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  return {
    plugins: [
      react(),
      // A self-contained content script: it runs at document_start without loading chunks from the page.
      crx({
        manifest: await manifest(env),
        contentScripts: { standaloneFiles: ['src/content/web-app-bridge.ts'] },
      }),
      // Device mode: the body model and tfjs's .wasm files from the npm packages, nothing fetched at run
      // time; no threaded build (extension pages are never cross-origin isolated).
      detectorAssets({ modules: DEVICE_MODULES }),
    ],
    build: {
      emptyOutDir: true,
      // The zip goes to users and the store as built: no source maps.
      sourcemap: false,
      // Pages opened only by code (not named in the manifest) must be build inputs: without the offscreen
      // page chrome.offscreen.createDocument fails with "Page failed to load".
      rollupOptions: {
        input: { offscreen: 'src/offscreen/offscreen.html', permission: 'src/permission/permission.html' },
      },
    },
  };
});
