import { defineConfig } from 'vitest/config';
import { reporters } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    reporters: reporters(),
    // Model loading and inference on two shared cores are slow and uneven.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
