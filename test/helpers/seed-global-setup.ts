/**
 * Vitest global setup: resolves the run's seed once, prints it, and hands it to
 * every test file (`seed-setup.ts` configures fast-check with it).
 */
import type { TestProject } from 'vitest/node';
import { seedFrom } from './seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    readonly fastCheckSeed: number;
  }
}

export default function setup(project: TestProject): void {
  const seed = seedFrom(process.env['JSONAPI_QUERY_SEED']);
  project.provide('fastCheckSeed', seed);
  console.log(`fast-check seed ${seed} (replay with JSONAPI_QUERY_SEED=${seed}; JSONAPI_QUERY_SEED=random for a fresh one)`);
}
