/**
 * Two writers racing with the same `ETag` (docs/writes.md, "Versions"), on the memory
 * layer and every SQL engine: both read the resource, both send `If-Match` with its
 * tag at once; exactly one write is applied (200, 204) and the other gets 412, and
 * the final state holds the winner's change and one bumped version. On a database
 * the check is one compare-and-set statement inside the write's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler, type Handler } from '../../src/http/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { availableEngines, type EngineInstance, skippedEngines } from '../helpers/engines.js';
import { versionedData, versionedSchema } from './versioned-schema.js';

const MEDIA_TYPE = 'application/vnd.api+json';
const ROUNDS = 5;
const engines = await availableEngines();

for (const { name, reason } of skippedEngines()) {
  describe.skip(`racing writers on ${name} (skipped: ${reason})`, () => {
    it('is not run', () => undefined);
  });
}

const layers: [string, () => Promise<{ layer: DataLayer; close(): Promise<void> }>][] = [
  ['memory', () => Promise.resolve({ layer: createMemoryLayer(versionedSchema, versionedData), close: () => Promise.resolve() })],
  ...engines.map(
    (engine): [string, () => Promise<EngineInstance>] => [engine.name, () => engine.create(versionedSchema, versionedData)],
  ),
];

describe.each(layers)('racing writers on %s', (_, open) => {
  let instance: { layer: DataLayer; close(): Promise<void> };
  let handle: Handler;
  beforeAll(async () => {
    instance = await open();
    handle = createHandler({ schema: versionedSchema, dataLayer: instance.layer, writable: true });
  });
  afterAll(() => instance.close());

  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    handle({ method, path, query: '', headers: { 'content-type': MEDIA_TYPE, ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const read = async (path: string) => {
    const response = await send('GET', path, {});
    return { status: response.status, etag: response.headers['etag'], data: (JSON.parse(response.body) as { data?: unknown }).data };
  };

  it('applies exactly one of two PATCHes holding the same ETag, and refuses the other with 412', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = await read('/notes/1');
      const etag = before.etag ?? '';
      const titles = [`left ${String(round)}`, `right ${String(round)}`];
      const responses = await Promise.all(
        titles.map((title) => send('PATCH', '/notes/1', { 'if-match': etag }, { data: { type: 'note', id: '1', attributes: { title } } })),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 412]);
      const winner = titles[responses.findIndex((response) => response.status === 200)];
      const after = await read('/notes/1');
      expect(after.data).toMatchObject({ attributes: { title: winner, revision: 1 + round + 1 } });
      expect(after.etag).toBe(`"note:1:${String(round + 2)}"`);
      expect(responses.find((response) => response.status === 200)?.headers['etag']).toBe(after.etag);
    }
  });

  it('applies exactly one of a DELETE and a PATCH holding the same ETag', async () => {
    const { etag = '' } = await read('/notes/2');
    const [patched, deleted] = await Promise.all([
      send('PATCH', '/notes/2', { 'if-match': etag }, { data: { type: 'note', id: '2', attributes: { title: 'kept?' } } }),
      send('DELETE', '/notes/2', { 'if-match': etag }),
    ]);
    expect([patched.status, deleted.status].sort()).toEqual(patched.status === 200 ? [200, 412] : [204, 412]);
    const after = await read('/notes/2');
    if (deleted.status === 204) expect(after.status).toBe(404);
    else expect(after.data).toMatchObject({ attributes: { title: 'kept?', revision: 8 } });
  });

  it('applies exactly one of a relationship write and a PATCH holding the same ETag of the owner', async () => {
    const { etag = '', data } = await read('/notes/1');
    const revision = (data as { attributes: { revision: number } }).attributes.revision;
    const [unlinked, patched] = await Promise.all([
      send('PATCH', '/notes/1/relationships/author', { 'if-match': etag }, { data: null }),
      send('PATCH', '/notes/1', { 'if-match': etag }, { data: { type: 'note', id: '1', attributes: { title: 'linked' } } }),
    ]);
    expect([unlinked.status, patched.status].sort()).toEqual(unlinked.status === 204 ? [204, 412] : [200, 412]);
    const author = (await read('/notes/1/relationships/author')).data;
    expect(author).toEqual(unlinked.status === 204 ? null : { type: 'author', id: '1' });
    expect((await read('/notes/1')).data).toMatchObject({ attributes: { revision: revision + 1 } });
  });

  it('applies exactly one of two PATCHes of a type that requires If-Match', async () => {
    const { etag = '' } = await read('/ledgers/1');
    const updates = await Promise.all(
      [10, 20].map((balance) => send('PATCH', '/ledgers/1', { 'if-match': etag }, { data: { type: 'ledger', id: '1', attributes: { balance } } })),
    );
    expect(updates.map((response) => response.status).sort()).toEqual([200, 412]);
    const balance = updates[0]?.status === 200 ? 10 : 20;
    expect((await read('/ledgers/1')).data).toMatchObject({ attributes: { balance, revision: 2 } });
  });
});
