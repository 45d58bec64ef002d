/**
 * The read back of a created row served from the row itself (src/http/written-read.ts)
 * gives the bytes the handler's own `GET` gives: random creates, single and in Atomic
 * Operations batches, through a handler that takes the direct path and through one
 * that cannot (an `onQuery` makes every read back a `GET`), over two SQLite databases
 * given the same requests and the same generated ids, answer with the same status,
 * headers and body.
 */
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandler, type Handler, type HandlerRequest, type HandlerResponse } from '../../src/http/index.js';
import { createSqlLayer, createTables, registerSqliteFunctions } from '../../src/layers/sql/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';

const JSON_API = 'application/vnd.api+json';
const ATOMIC = `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`;

const schema = defineSchema({
  types: {
    gadget: {
      root: 'gadgets',
      id: 'string',
      clientIds: 'allowed',
      version: 'rev',
      attributes: {
        label: { type: 'string' },
        count: { type: ['integer', 'null'] },
        flag: { type: ['boolean', 'null'] },
        rev: { type: 'integer', readOnly: true },
      },
      relationships: { maker: { target: 'maker', to: 'one', inverse: 'gadgets' } },
    },
    maker: {
      root: 'makers',
      id: 'integer',
      attributes: { name: { type: 'string' } },
      relationships: { gadgets: { target: 'gadget', to: 'many', inverse: 'maker' } },
    },
  },
});

/** One resource object of a create. */
interface NewResource {
  readonly type: 'gadget' | 'maker';
  readonly id: string | undefined;
  readonly attributes: Record<string, unknown>;
  readonly maker: string | null | undefined;
}

type Write =
  | { readonly kind: 'single'; readonly resource: NewResource; readonly accept: string | undefined; readonly query: string }
  | { readonly kind: 'atomic'; readonly resources: readonly NewResource[] };

const text = fc.string({ unit: 'binary', maxLength: 12 });
const gadget = fc.record({
  type: fc.constant('gadget' as const),
  id: fc.option(fc.oneof(fc.stringMatching(/^[a-z0-9%é/ -]{1,8}$/u), fc.constant('')), { nil: undefined }),
  attributes: fc.record(
    { label: text, count: fc.option(fc.integer(), { nil: null }), flag: fc.option(fc.boolean(), { nil: null }) },
    { requiredKeys: [] },
  ),
  maker: fc.option(fc.option(fc.constantFrom('1', '2', '99'), { nil: null }), { nil: undefined }),
});
const maker = fc.record({
  type: fc.constant('maker' as const),
  id: fc.constant(undefined),
  attributes: fc.record({ name: text }, { requiredKeys: [] }),
  maker: fc.constant(undefined),
});
const resource: fc.Arbitrary<NewResource> = fc.oneof(gadget, maker);
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('single' as const),
    resource,
    accept: fc.constantFrom(undefined, JSON_API, '*/*', `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`, 'text/html, application/*'),
    query: fc.constantFrom('', '', '', 'fields[gadget]=label', 'include=maker'),
  }),
  fc.record({ kind: fc.constant('atomic' as const), resources: fc.array(resource, { minLength: 1, maxLength: 4 }) }),
);

function resourceObject({ type, id, attributes, maker: linked }: NewResource): Record<string, unknown> {
  return {
    type,
    ...(id === undefined ? {} : { id }),
    attributes,
    ...(linked === undefined ? {} : { relationships: { maker: { data: linked === null ? null : { type: 'maker', id: linked } } } }),
  };
}

function requestOf(given: Write): HandlerRequest {
  if (given.kind === 'atomic') {
    const body = JSON.stringify({ 'atomic:operations': given.resources.map((each) => ({ op: 'add', data: resourceObject(each) })) });
    return { method: 'POST', path: '/operations', query: '', headers: { accept: ATOMIC, 'content-type': ATOMIC }, body };
  }
  const path = given.resource.type === 'gadget' ? '/gadgets' : '/makers';
  const body = JSON.stringify({ data: resourceObject(given.resource) });
  return { method: 'POST', path, query: given.query, headers: { accept: given.accept, 'content-type': JSON_API }, body };
}

/** A writable handler over a fresh in-memory SQLite database. */
async function sqliteHandler(baseUrl: string, general: boolean): Promise<{ handler: Handler; db: Kysely<unknown> }> {
  const database = new Database(':memory:');
  registerSqliteFunctions(database);
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database }) });
  await createTables(db, schema, undefined, { dialect: 'sqlite' });
  const dataLayer = createSqlLayer({ db, schema, dialect: 'sqlite' });
  const handler = createHandler({
    schema,
    dataLayer,
    writable: true,
    ...(baseUrl === '' ? {} : { baseUrl }),
    // Seen by every read back: the handler serves each through its GET.
    ...(general ? { onQuery: () => undefined } : {}),
  });
  return { handler, db };
}

/** Generated ids, the same sequence for both handlers. */
let generated = 0;
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the read back of a created row', () => {
  it('gives the bytes of the handler’s GET, single and in batches', async () => {
    vi.spyOn(globalThis.crypto, 'randomUUID').mockImplementation(() => {
      generated += 1;
      return `00000000-0000-4000-8000-${String(generated).padStart(12, '0')}`;
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('', 'https://api.example.com/v1'), fc.array(write, { minLength: 1, maxLength: 6 }), async (baseUrl, writes) => {
        const direct = await sqliteHandler(baseUrl, false);
        const general = await sqliteHandler(baseUrl, true);
        try {
          const seed: Write = { kind: 'single', resource: { type: 'maker', id: undefined, attributes: { name: 'M' }, maker: undefined }, accept: undefined, query: '' };
          for (const given of [seed, seed, ...writes]) {
            const start = generated;
            const fast: HandlerResponse = await direct.handler(requestOf(given));
            generated = start;
            const slow: HandlerResponse = await general.handler(requestOf(given));
            expect(fast).toEqual(slow);
            expect(Object.keys(fast.headers)).toEqual(Object.keys(slow.headers));
          }
        } finally {
          await direct.db.destroy();
          await general.db.destroy();
        }
      }),
      { numRuns: 60 },
    );
  });
});
