import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Probes the SQL servers once and prints which engines were tested (test/helpers/engines-setup.ts).
    globalSetup: ['test/helpers/engines-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The type tests (test/**/*.test-d.ts) are checked by `npm run typecheck`, whose
    // tsconfig includes test/: running them again here would repeat the same tsc pass.
    typecheck: {
      enabled: false,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
