/**
 * jsona, a maintained JSON:API client library, writing to `jsonapi-query serve
 * --writable` (the built CLI on a free port): its serializer builds the request
 * documents of a create and of updates (attributes and a relationship), its
 * deserializer reads the answers, and a delete follows.
 */
import { Jsona } from 'jsona';
import { beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../cli/serve-process.js';

const JSON_API = 'application/vnd.api+json';
const jsona = new Jsona();

interface Model {
  readonly type: string;
  readonly id: string;
  readonly [member: string]: unknown;
}

let origin = '';

async function write(method: string, path: string, model?: Model | Omit<Model, 'id'>, includeNames: string[] = []) {
  const body = model === undefined ? undefined : JSON.stringify(jsona.serialize({ stuff: model as never, includeNames }));
  const response = await fetch(new URL(path, origin), {
    method,
    headers: { accept: JSON_API, ...(body === undefined ? {} : { 'content-type': JSON_API }) },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { response, model: text === '' ? undefined : (jsona.deserialize(JSON.parse(text) as never) as Model) };
}

describe('jsona writing to jsonapi-query serve --writable', () => {
  const cli = startCli(['serve', '--port', '0', '--quiet', '--writable']);
  beforeAll(async () => {
    [, origin = ''] = await cli.waitFor(/ at (http:\/\/127\.0\.0\.1:\d+)\n/);
  });

  it('creates a person, gives it a computer, renames it and deletes the computer', async () => {
    const created = await write('POST', '/persons', { type: 'person', name: 'Ada', display_name: 'Ada Lovelace', birth_date: '1815-12-10', gender: 'f' });
    expect(created.response.status).toBe(201);
    const ada = created.model as Model;
    expect(created.response.headers.get('location')).toBe(`/persons/${ada.id}`);
    expect(ada).toMatchObject({ type: 'person', name: 'Ada', display_name: 'Ada Lovelace', birth_date: '1815-12-10' });

    const computer = await write('POST', '/computers', { type: 'computer', serial: 'AE-1' });
    const id = (computer.model as Model).id;
    const moved = await write('PATCH', `/computers/${id}?include=owner`, { type: 'computer', id, owner: { type: 'person', id: ada.id }, relationshipNames: ['owner'] });
    expect(moved.response.status).toBe(200);
    expect(moved.model).toMatchObject({ id, serial: 'AE-1', owner: { type: 'person', id: ada.id, name: 'Ada' } });

    const renamed = await write('PATCH', `/persons/${ada.id}?include=computers`, { type: 'person', id: ada.id, name: 'Augusta Ada' });
    expect(renamed.model).toMatchObject({ name: 'Augusta Ada', computers: [{ type: 'computer', id, serial: 'AE-1' }] });

    expect((await write('DELETE', `/computers/${id}`)).response.status).toBe(204);
    const after = await write('GET', `/persons/${ada.id}?include=computers`);
    expect(after.model).toMatchObject({ id: ada.id, computers: [] });
  });
});
