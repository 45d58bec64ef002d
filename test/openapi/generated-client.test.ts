/**
 * Real tools on the served document: the CLI server (`node dist/cli/main.js serve`,
 * built by `npm run build`) serves /openapi.json; openapi-typescript generates types
 * from it; tsc compiles them with a client program that openapi-fetch types by them
 * (including lines that must not compile), and with docs/openapi.md's openapi-fetch
 * example as the page shows it; the compiled client then calls the server.
 * The temporary folder and the server are removed whatever happens.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractModules } from '../docs/code-blocks.js';
import type { OwnedProcess } from '../helpers/owned.js';
import { startServe } from '../cli/serve-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** docs/openapi.md's openapi-fetch example, which names this file as the test that compiles it. */
const DOC_EXAMPLE = extractModules(ROOT, 'docs/openapi.md').find((module) => module.coveredBy === 'test/openapi/generated-client.test.ts');

const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

/** Lists comma-separated, everything percent-encoded. */
function querySerializer(query: Record<string, unknown>): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => \`\${encodeURIComponent(name)}=\${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}\`)
    .join('&');
}

/** The filter value typed by the schema's filter grammar; the parameter carries its JSON text. */
const filter: components['schemas']['person.filter'] = [{ name: 'computers__serial', op: 'eq', val: 'SN1002' }];

const client = createClient<paths>({
  baseUrl: process.argv[2] as string,
  headers: { accept: 'application/vnd.api+json' },
  querySerializer,
});

const people = await client.GET('/persons', {
  params: { query: { sort: ['-name', 'id'], 'page[size]': 3, include: ['computers'], 'fields[person]': ['name', 'computers'] } },
});
const names: (string | undefined)[] = people.data?.data.map((person) => person.attributes?.name) ?? [];
const included: string[] = people.data?.included?.map((resource) => resource.type) ?? [];

const filtered = await client.GET('/persons', {
  params: { query: { filter: JSON.stringify(filter), 'filter[gender]': 'm' } },
});
const owner = await client.GET('/computers/{id}/owner', { params: { path: { id: '1' } } });
const linkage = await client.GET('/persons/{id}/relationships/computers', { params: { path: { id: '1' } } });
const bad = await client.GET('/persons', { params: { query: { sort: ['name', '-name'] } } });
const code: components['schemas']['ErrorCode'] | undefined = bad.error?.errors[0]?.code;

async function mistakes(): Promise<void> {
  // @ts-expect-error -- "serial" is not a sort key of person
  await client.GET('/persons', { params: { query: { sort: ['serial'] } } });
  // @ts-expect-error -- "like" takes a string pattern
  const wrong: components['schemas']['person.filter'] = [{ name: 'name', op: 'like', val: 5 }];
  // @ts-expect-error -- "birth_date" is compared with fields of its kind only
  const incomparable: components['schemas']['person.filter'] = { name: 'birth_date', op: 'lt', field: 'name' };
  void [wrong, incomparable];
  // @ts-expect-error -- no such route
  await client.GET('/persons/{id}/owner', { params: { path: { id: '1' } } });
}
void mistakes;

console.log(JSON.stringify({
  status: people.response.status,
  names,
  included,
  count: people.data?.meta?.count,
  filtered: filtered.data?.data.map((person) => person.id),
  owner: owner.data?.data?.id,
  linkage: linkage.data?.data,
  badStatus: bad.response.status,
  code,
}));
`;

function run(args: readonly string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('a typed client generated from the served document', () => {
  let cli: OwnedProcess | undefined;
  let origin = '';
  let folder: string | undefined;

  beforeAll(async () => {
    ({ cli, origin } = await startServe(['--quiet']));
    folder = await mkdtemp(join(tmpdir(), 'jsonapi-query-openapi-'));
  });

  afterAll(async () => {
    if (cli !== undefined) {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  });

  it('generates types that compile, and a client typed by them calls the server', async () => {
    expect(cli?.stdout()).toContain(`OpenAPI document: ${origin}/openapi.json\n`);
    const response = await fetch(`${origin}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const document = (await response.json()) as Record<string, unknown>;
    expect(document['openapi']).toBe('3.1.0');

    const dir = folder as string;
    await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(document as never)));
    await writeFile(join(dir, 'client.ts'), CLIENT);
    await writeFile(join(dir, 'doc-example.ts'), DOC_EXAMPLE?.source ?? '');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          skipLibCheck: true,
          types: ['node'],
          outDir: 'out',
        },
        files: ['api.ts', 'client.ts', 'doc-example.ts'],
      }),
    );
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');

    expect(DOC_EXAMPLE?.source).toContain('createClient<paths>');
    const compiled = await run([TSC, '-p', dir], dir);
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);

    const called = await run([join(dir, 'out', 'client.js'), origin], dir);
    expect(called.code, called.output).toBe(0);
    const result = JSON.parse(called.output) as Record<string, unknown>;
    expect(result).toMatchObject({
      status: 200,
      count: expect.any(Number),
      owner: '1',
      badStatus: 400,
      code: 'duplicate_sort_field',
    });
    expect(result['names']).toHaveLength(3);
    expect(result['included']).toContain('computer');
    expect(result['filtered']).toEqual(['1']);
    expect(result['linkage']).toEqual([
      { type: 'computer', id: '1' },
      { type: 'computer', id: '2' },
      { type: 'computer', id: '25' },
    ]);
  });
});
