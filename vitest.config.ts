import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest whatever the machine (packing and installing the
 * package, type-checking the docs, the conformance kit on every engine, the PGlite
 * server). They start first, so they never begin last and run alone on one core at
 * the end; on a clean clone Vitest has no recorded durations to order by.
 */
const SLOW_FILES = /\/test\/(package\/packed|docs\/code-blocks|conformance\/sql|cli\/serve-db)\.test\.ts$/;

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((file) => SLOW_FILES.test(file.moduleId)), ...sorted.filter((file) => !SLOW_FILES.test(file.moduleId))];
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Probes the SQL servers once and prints which engines were tested (test/helpers/engines-setup.ts);
    // fixes and prints the property-test seed (test/helpers/seed-global-setup.ts).
    globalSetup: ['test/helpers/engines-setup.ts', 'test/helpers/seed-global-setup.ts'],
    setupFiles: ['test/helpers/seed-setup.ts'],
    sequence: { sequencer: SlowFilesFirst },
    // One worker more than the cores: many files wait on the database servers, on the
    // servers and CLIs they start, or on the browser, and the extra worker runs meanwhile
    // (test/cli, test/adapters and the SQL noninterference files on 2 cores: 116 s with
    // two workers, 98 s with three).
    maxWorkers: availableParallelism() + 1,
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
