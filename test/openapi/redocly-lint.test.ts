/**
 * The OpenAPI document under an outside linter: Redocly CLI (`redocly lint`, its
 * recommended rules, as a user runs it) finds no error and no warning in the
 * example's document, as the handler serves it and with a license, servers and a
 * security scheme given. Redocly runs from an owned temporary folder, with telemetry
 * and update notices off: it never reaches for the network.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { toOpenApi, type OpenApiOptions } from '../../src/openapi/index.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { ownedTempDir, READY_TIMEOUT_MS, spawnOwned } from '../helpers/owned.js';
import { versionedSchema } from '../versions/versioned-schema.js';

const redocly = fileURLToPath(new URL('../../node_modules/.bin/redocly', import.meta.url));
const LICENSE = { name: 'MIT', identifier: 'MIT' } as const;

interface Problem {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly location: readonly { readonly pointer: string }[];
}
interface LintReport {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly Problem[];
}

/** Lints the document with `redocly lint --extends=recommended --format=json`; its report. */
async function lint(options: OpenApiOptions, schema: ResourceSchema = exampleSchema): Promise<LintReport> {
  const folder = ownedTempDir('jsonapi-query-redocly-');
  writeFileSync(join(folder, 'openapi.json'), JSON.stringify(toOpenApi(schema, options), null, 2));
  const run = spawnOwned(redocly, ['lint', 'openapi.json', '--extends=recommended', '--format=json'], {
    cwd: folder,
    env: {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      HOME: folder,
    },
  });
  const code = await run.exited;
  const report = JSON.parse(run.stdout()) as LintReport;
  expect(code, run.stderr()).toBe(report.totals.errors > 0 ? 1 : 0);
  return report;
}

/** The problems as `<severity> <rule> <pointer>` lines, readable when the test fails. */
const summary = (report: LintReport): string[] =>
  report.problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);

describe('redocly lint (recommended rules) on the example document', () => {
  const operators = createMemoryLayer(exampleSchema, exampleData).operators;

  it('finds nothing with a license, as the handler serves it (an open API on its own origin)', async () => {
    const report = await lint({ info: { title: 'People', version: '1.0.0', license: LICENSE }, operators, documentPath: '/openapi.json' });
    expect(summary(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, READY_TIMEOUT_MS);

  it('finds nothing with servers and a security scheme of your own', async () => {
    const report = await lint({
      info: { title: 'People', version: '2.0.0', license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' } },
      servers: [{ url: 'https://people.api.test/v2', description: 'Production' }],
      security: [{ bearer: [] }],
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      limits: { maxPageSize: 50, types: { computer: { pagination: 'cursor', maxIncludeDepth: 1 } } },
      documentPath: '/openapi.json',
    });
    expect(summary(report)).toEqual([]);
  }, READY_TIMEOUT_MS);

  it('finds nothing in the document of a writable handler (request bodies, write responses, /operations)', async () => {
    const report = await lint({ info: { title: 'People', version: '1.0.0', license: LICENSE }, operators, documentPath: '/openapi.json', writable: true });
    expect(summary(report)).toEqual([]);
  }, READY_TIMEOUT_MS);

  it('finds nothing in the document of a layer that declares less (refused parameters, bounded sorts)', async () => {
    const report = await lint({
      info: { title: 'People', version: '1.0.0', license: LICENSE },
      operators,
      capabilities: {
        filter: { nodes: ['and'], operators: { string: ['eq'], number: ['eq'], date: ['eq'], boolean: ['eq'] } },
        sort: { maxKeys: 1, paths: false },
        paging: { offset: false, keyset: false },
        includes: false,
      },
      documentPath: '/openapi.json',
    });
    expect(summary(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, READY_TIMEOUT_MS);

  it('finds nothing in the writes of versioned types (ETag, If-Match, 412, 428)', async () => {
    const report = await lint({ info: { title: 'Notes', version: '1.0.0', license: LICENSE }, operators, documentPath: '/openapi.json', writable: true }, versionedSchema);
    expect(summary(report)).toEqual([]);
  }, READY_TIMEOUT_MS);

  it('only asks for the license the defaults cannot know', async () => {
    const report = await lint({ documentPath: '/openapi.json' });
    expect(summary(report)).toEqual(['warn info-license #/info: Info object should contain `license` field.']);
  }, READY_TIMEOUT_MS);
});
