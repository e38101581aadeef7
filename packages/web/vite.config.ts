import { detectorAssets } from '@posture-vision/detector/browser/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    react(),
    // Device mode of the live tool: every model it may run and tfjs's .wasm files (the threaded build only
    // runs where the page is cross-origin isolated), from the npm packages; nothing fetched at run time.
    detectorAssets({ modules: { body: true, face: true, hands: true, emotion: true }, threads: true }),
  ],
  server: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.WEB_PORT ?? 5173), strictPort: true },
});
