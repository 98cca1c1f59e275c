import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'ai/**/*.test.ts',
      'statecharts/**/*.test.ts',
      'test/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['test/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    // Some property tests play many whole games.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
