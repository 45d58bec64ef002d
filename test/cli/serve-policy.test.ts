/**
 * `jsonapi-query serve --policy FILE`, with the built CLI: one policy for every request
 * (rows outside a filter and hidden fields do not exist, in the API and its OpenAPI
 * document), and a wrong file refused at start with its name and a JSON pointer.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { send } from '../adapters/http-client.js';
import { ownedTempDir } from '../helpers/owned.js';
import { runCli, startServe } from './serve-process.js';

const directory = ownedTempDir('jsonapi-query-serve-policy-');

function writeJson(name: string, content: unknown): string {
  const file = join(directory, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** The example of docs/cli.md: women only, without birth dates or computers; computers of women. */
const examplePolicy = {
  types: {
    person: { filter: [{ name: 'gender', op: 'eq', val: 'f' }], hidden: ['birth_date', 'computers'] },
    computer: { filter: [{ name: 'owner', op: 'has', val: { name: 'gender', op: 'eq', val: 'f' } }] },
  },
};

describe('jsonapi-query serve --policy', () => {
  it('serves the example dataset under the policy, its OpenAPI document too', async () => {
    const { cli, origin } = await startServe(['--quiet', '--policy', writeJson('policy.json', examplePolicy)]);
    try {
      const persons = JSON.parse((await send(origin, '/persons?page[size]=0')).body) as { data: { id: string; attributes: object; relationships?: object }[] };
      expect(persons.data.map((person) => person.id)).toEqual(['11', '16', '21', '25', '29', '30', '4', '5', '8']);
      for (const person of persons.data) {
        expect(Object.keys(person.attributes)).toEqual(['display_name', 'name', 'gender']);
        expect(person.relationships).toBeUndefined();
      }
      expect((await send(origin, '/persons/1')).status).toBe(404);
      expect((await send(origin, '/persons/4/computers')).status).toBe(404);
      const sorted = await send(origin, '/persons?sort=birth_date');
      expect(sorted.status).toBe(400);
      expect(sorted.body).toContain('birth_date');
      const computers = JSON.parse((await send(origin, '/computers?include=owner&page[size]=0')).body) as { data: unknown[]; included: { id: string }[] };
      expect(computers.data).toHaveLength(11);
      expect(computers.included.every((person) => ['4', '5', '8', '11', '16', '21', '25', '29', '30'].includes(person.id))).toBe(true);
      // The example requests of the banner work under the policy.
      expect(cli.stdout()).toContain('Policy: ');
      const urls = [...cli.stdout().matchAll(/^ {2}curl -g -H 'Accept: application\/vnd\.api\+json' '([^']+)'$/gmu)].map((match) => match[1] ?? '');
      expect(urls.length).toBeGreaterThanOrEqual(3);
      for (const url of urls) expect([url, (await send(origin, url.slice(origin.length))).status]).toEqual([url, 200]);
      const openapi = await send(origin, '/openapi.json');
      expect(openapi.status).toBe(200);
      expect(openapi.body).toContain('display_name');
      expect(openapi.body).not.toContain('birth_date');
    } finally {
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    }
  });

  it('serves writes under the write policy of the file', async () => {
    const policy = { types: { person: { write: { create: false, delete: [{ name: 'gender', op: 'eq', val: 'm' }], fields: ['name', 'display_name'] } } } };
    const { cli, origin } = await startServe(['--quiet', '--writable', '--policy', writeJson('write-policy.json', policy)]);
    const write = (method: string, path: string, body?: unknown) =>
      send(origin, path, { method, headers: { 'content-type': 'application/vnd.api+json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    try {
      const woman = await write('DELETE', '/persons/4');
      expect(woman.status).toBe(403);
      expect(JSON.parse(woman.body)).toMatchObject({ errors: [{ code: 'forbidden_write' }] });
      const gender = await write('PATCH', '/persons/4', { data: { type: 'person', id: '4', attributes: { gender: 'm' } } });
      expect(gender.status).toBe(403);
      expect(JSON.parse(gender.body)).toMatchObject({ errors: [{ code: 'read_only_field', source: { pointer: '/data/attributes/gender' } }] });
      expect((await write('POST', '/persons', { data: { type: 'person', attributes: { name: 'Zed', display_name: 'Zed' } } })).status).toBe(403);
      expect((await write('PATCH', '/persons/4', { data: { type: 'person', id: '4', attributes: { name: 'Renamed' } } })).status).toBe(200);
      expect((await write('DELETE', '/persons/1')).status).toBe(204);
    } finally {
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
    }
  });

  it.each([
    {
      name: 'unknown-field.json',
      policy: { types: { person: { hidden: ['name', 'birth_dat'] } } },
      message: '/types/person/hidden/1: Invalid policy for type "person": It has no attribute or relationship "birth_dat".',
    },
    {
      name: 'bad-filter.json',
      policy: { types: { computer: { filter: [{ name: 'owner', op: 'has', val: { name: 'nmae', op: 'eq', val: 'Jane' } }] } } },
      message: '/types/computer/filter: Invalid policy for type "computer": Type "person" has no field "nmae"',
    },
    {
      name: 'unknown-type.json',
      policy: { types: { persons: {} } },
      message: '/types/persons: Invalid policy for type "persons": The schema has no resource type "persons".',
    },
    { name: 'no-types.json', policy: { person: {} }, message: '/person: Invalid policy: A policy has no member "person"; its only member is "types".' },
    {
      name: 'write-fields.json',
      policy: { types: { person: { write: { create: false, fields: ['nmae'] } } } },
      message: '/types/person/write/fields/0: Invalid policy for type "person": It has no attribute or relationship "nmae".',
    },
  ])('refuses $name at start with the file name and a pointer', async ({ name, policy, message }) => {
    const file = writeJson(name, policy);
    const { code, stdout, stderr } = await runCli(['serve', '--port', '0', '--policy', file]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`jsonapi-query serve: ${file}: ${message}\n`);
  });

  it('refuses a file that is not JSON, or is missing', async () => {
    const broken = writeJson('broken.json', '{ "types": ');
    const notJson = await runCli(['serve', '--port', '0', '--policy', broken]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(new RegExp(`^jsonapi-query serve: ${broken.replaceAll(/[.*+?^${}()|[\]\\/]/gu, '\\$&')} is not valid JSON: `, 'u'));
    const missing = join(directory, 'missing.json');
    const absent = await runCli(['serve', '--port', '0', '--policy', missing]);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain(`jsonapi-query serve: cannot read ${missing}`);
  });
});
