/** `jsonapi-query openapi [FILE] [--schema FILE] [--out FILE]`, run in-process. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiCommand } from '../../src/cli/openapi-command.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { toOpenApi } from '../../src/openapi/index.js';

async function run(args: readonly string[]) {
  let stdout = '';
  let stderr = '';
  const code = await openapiCommand(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

const library = {
  types: {
    book: { root: 'books', id: 'integer', attributes: { title: { type: 'string' } }, relationships: {} },
  },
};

describe('jsonapi-query openapi', () => {
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'jsonapi-query-openapi-cli-'));
    await writeFile(join(folder, 'schema.json'), JSON.stringify(library));
    await writeFile(join(folder, 'dataset.json'), JSON.stringify({ schema: library, data: { book: [] } }));
    await writeFile(join(folder, 'bad.json'), JSON.stringify({ types: { book: { root: 'b a d' } } }));
  });
  afterAll(async () => {
    if (folder !== '') await rm(folder, { recursive: true, force: true });
  });

  it('prints the document of the example schema, as serve serves it', async () => {
    const { code, stdout } = await run([]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(toOpenApi(exampleSchema, { documentPath: '/openapi.json' }))));
  });

  it('reads a schema file, or the schema of a { schema, data } file', async () => {
    for (const args of [['--schema', join(folder, 'schema.json')], [join(folder, 'dataset.json')]]) {
      const { code, stdout } = await run(args);
      expect(code).toBe(0);
      expect(Object.keys((JSON.parse(stdout) as { paths: object }).paths)).toEqual(['/books', '/books/{id}', '/openapi.json']);
    }
  });

  it('writes the document with --out', async () => {
    const out = join(folder, 'openapi.json');
    const { code, stdout } = await run(['--out', out, join(folder, 'dataset.json')]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect((JSON.parse(await readFile(out, 'utf8')) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('exits 2 on command-line mistakes and 1 on an unusable file', async () => {
    expect((await run(['--help'])).code).toBe(0);
    expect(await run(['a.json', '--schema', 'b.json'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/not both/) });
    expect(await run(['a.json', 'b.json'])).toMatchObject({ code: 2 });
    expect(await run(['--nope'])).toMatchObject({ code: 2 });
    expect(await run([join(folder, 'missing.json')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/cannot read/) });
    expect(await run([join(folder, 'bad.json')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/bad\.json/) });
    expect(await run(['--out', join(folder, 'no', 'such', 'dir.json')])).toMatchObject({ code: 1, stderr: expect.stringMatching(/cannot write/) });
  });
});
