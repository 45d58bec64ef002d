import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/seed-global-setup.ts'],
    setupFiles: ['test/helpers/seed-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
