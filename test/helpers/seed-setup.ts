/**
 * Vitest setup file: every `fc.assert`/`fc.sample` without its own seed uses the
 * run's seed, and so does the conformance kit's differential suite.
 */
import fc from 'fast-check';
import { inject } from 'vitest';

const seed = inject('fastCheckSeed');
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
process.env['JSONAPI_QUERY_SEED'] = String(seed);
