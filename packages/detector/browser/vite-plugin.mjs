// Entry for build tools that load their config with plain Node (Vite bundles its config but leaves workspace
// packages to Node, which cannot load TypeScript): register tsx's loader, then load the plugin itself.
import { register } from 'tsx/esm/api';

register();
const plugin = await import('./vite-plugin.ts');
export const detectorAssets = plugin.detectorAssets;
export const detectorAssetFiles = plugin.detectorAssetFiles;
