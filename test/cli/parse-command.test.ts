import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCommand, PARSE_USAGE } from '../../src/cli/parse-command.js';
import { exampleSchema } from '../../src/example/index.js';
import { ownedTempDir } from '../helpers/owned.js';

/** Runs `parse` with captured output. */
async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await parseCommand(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

const directory = ownedTempDir('jsonapi-query-parse-');
const file = (name: string) => join(directory, name);

beforeAll(async () => {
  await writeFile(file('schema.json'), JSON.stringify(exampleSchema));
  await writeFile(
    file('dataset.json'),
    JSON.stringify({
      schema: { types: { tag: { root: 'tags', id: 'integer', attributes: { label: { type: 'string' } } } } },
      data: { tag: [] },
    }),
  );
  await writeFile(
    file('bad-schema.json'),
    JSON.stringify({ types: { person: { root: 'persons', relationships: { pets: { target: 'pet', to: 'many' } } } } }),
  );
  await writeFile(file('not-json.json'), '{ types: ');
});

describe('jsonapi-query parse', () => {
  it('prints the AST as pretty JSON and exits 0', async () => {
    const result = await run('filter[name]=John&sort=-birth_date&page[size]=10', '--type', 'person');
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: `${JSON.stringify(
        {
          type: 'person',
          filter: { kind: 'compare', field: 'name', op: 'eq', value: 'John' },
          sort: [
            { path: [], field: 'birth_date', direction: 'desc' },
            { path: [], field: 'id', direction: 'asc' },
          ],
          page: { kind: 'offset', size: 10, number: 1 },
          include: [],
          fields: {},
        },
        null,
        2,
      )}\n`,
    });
  });

  it('accepts a leading "?" and the short options', async () => {
    const result = await run('?filter[owner__name]=John', '-t', 'computer', '-s', file('schema.json'));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).filter).toEqual({
      kind: 'has',
      relationship: 'owner',
      node: { kind: 'compare', field: 'name', op: 'eq', value: 'John' },
    });
  });

  it('prints the JSON:API error document and exits 1', async () => {
    const result = await run('sort=nmae&page[size]=-1', '--type', 'person');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      errors: [
        {
          status: '400',
          code: 'unknown_field',
          title: 'Unknown field',
          detail: 'Type "person" has no field "nmae"',
          source: { parameter: 'sort' },
        },
        {
          status: '400',
          code: 'invalid_page_value',
          title: 'Invalid page value',
          detail: 'page[size] must be a base-10 integer without sign, decimal point or exponent, not "-1"',
          source: { parameter: 'page[size]' },
        },
      ],
    });
  });

  it('reads the schema member of a { schema, data } file, and needs no --type for a one-type schema', async () => {
    const result = await run('filter[id]=7', '--schema', file('dataset.json'));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).filter).toEqual({ kind: 'compare', field: 'id', op: 'eq', value: 7 });
  });

  it('prints the SchemaError of a bad schema file and exits 2', async () => {
    const result = await run('sort=name', '--schema', file('bad-schema.json'), '--type', 'person');
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `jsonapi-query parse: ${file('bad-schema.json')}: Invalid resource schema:\n  - type "person", field "pets": targets unknown type "pet"\n`,
    });
  });

  it('reports a file that is not JSON, or missing, naming the file (exit 2)', async () => {
    const notJson = await run('', '--schema', file('not-json.json'), '--type', 'person');
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^jsonapi-query parse: .*not-json\.json is not valid JSON: /);
    const missing = await run('', '--schema', file('missing.json'), '--type', 'person');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^jsonapi-query parse: cannot read .*missing\.json: ENOENT/);
  });

  it.each([
    ['no query string', [], 'Expected one query string, got 0'],
    ['two query strings', ['a=1', 'b=2', '--type', 'person'], 'Expected one query string, got 2'],
    ['no type for a schema of two types', ['sort=name'], '--type is required: one of person, computer'],
    ['an unknown type', ['sort=name', '--type', 'people'], 'Unknown type "people": the schema has person, computer'],
    ['an unknown option', ['sort=name', '--typo', 'x'], "Unknown option '--typo'"],
  ])('prints the usage for %s and exits 2', async (_name, args, message) => {
    const result = await run(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.endsWith(PARSE_USAGE)).toBe(true);
  });

  it('prints the usage for --help and exits 0', async () => {
    expect(await run('--help')).toEqual({ code: 0, stdout: PARSE_USAGE, stderr: '' });
  });
});
