import { describe, expect, it } from 'vitest';
import { createHandler, type HandlerResponse } from '../../http/handler.js';
import type { DataLayer } from '../../layers/data-layer.js';
import type { Policy } from '../../policy/policy.js';
import { conformanceData } from './conformance-data.js';
import type { DescribeDataLayerOptions } from './describe-options.js';
import { readState } from './layer-twin.js';
import type { SkipTable } from './skip-table.js';
import { registerWriteProperty } from './write-property.js';
import { registerWriteRequestProperty } from './write-request-property.js';
import { writeConformanceSchema } from './write-schema.js';

const JSON_API = 'application/vnd.api+json';
const ATOMIC = `${JSON_API}; ext="https://jsonapi.org/ext/atomic"`;

/** A writable handler over a fresh layer, and what a case does with it. */
interface WriteCaseContext {
  send(method: string, path: string, body?: unknown): Promise<{ status: number; headers: HandlerResponse['headers']; document: Document | undefined }>;
  /** Every resource and relationship the layer holds, as one text. */
  state(): Promise<string>;
}

interface Document {
  readonly data?: { readonly id: string; readonly attributes?: Record<string, unknown>; readonly relationships?: Record<string, unknown> } & Record<string, unknown>;
  readonly errors?: readonly { readonly status: string; readonly code: string; readonly source?: { readonly pointer?: string } }[];
  readonly 'atomic:results'?: readonly { readonly data?: { readonly id: string } }[];
}

/** The ids of a to-many relationship read through the handler. */
async function linkage(context: WriteCaseContext, path: string): Promise<string[]> {
  const { document } = await context.send('GET', path);
  return ((document?.data as unknown as readonly { id: string }[] | undefined) ?? []).map((item) => item.id).sort();
}

/** The ids of a relationship as the layer stores it, read without the case's policy. */
async function storedLinkage(context: WriteCaseContext, type: string, id: string, relationship: string): Promise<string[]> {
  const state = JSON.parse(await context.state()) as Record<string, readonly { readonly id: unknown; readonly links: Record<string, readonly unknown[]> }[]>;
  const resource = state[type]?.find((candidate) => String(candidate.id) === id);
  return (resource?.links[relationship] ?? []).map(String).sort();
}

/** The error's status, code and pointer. */
function errorOf(document: Document | undefined): { status?: string; code?: string; pointer?: string } {
  const [error] = document?.errors ?? [];
  return { ...(error === undefined ? {} : { status: error.status, code: error.code, pointer: error.source?.pointer ?? '' }) };
}

/** One write case; `policy`: the handler's, when the case needs one. */
export interface WriteCase {
  readonly id: string;
  readonly description: string;
  readonly policy?: Policy;
  run(context: WriteCaseContext): Promise<void>;
}

const inPrint = [{ name: 'in_print', op: 'eq', val: true }];

/** The write cases: each runs on a fresh layer holding the conformance dataset, through a writable handler. */
export const WRITE_CASES: readonly WriteCase[] = [
  {
    id: 'write-create',
    description: 'POST a book (string id) and an author (integer id): 201, Location, the document, read back with both sides of the relationship',
    async run(context) {
      const book = await context.send('POST', '/books', {
        data: { type: 'book', attributes: { title: 'New', in_print: true, pages: 12, published: null }, relationships: { author: { data: { type: 'author', id: '5' } } } },
      });
      expect(book.status).toBe(201);
      const id = book.document?.data?.id ?? '';
      expect(book.headers['location']).toBe(`/books/${encodeURIComponent(id)}`);
      expect(book.document?.data?.attributes).toEqual({ title: 'New', in_print: true, pages: 12, published: null });
      expect((await context.send('GET', `/books/${encodeURIComponent(id)}`)).document?.data?.attributes).toEqual({ title: 'New', in_print: true, pages: 12, published: null });
      expect(await linkage(context, '/authors/5/relationships/books')).toContain(id);
      const author = await context.send('POST', '/authors', { data: { type: 'author', attributes: { name: 'Newcomer', rank: 7 } } });
      expect(author.status).toBe(201);
      expect(author.document?.data?.id).toMatch(/^[1-9][0-9]*$/);
      expect(author.document?.data?.attributes).toMatchObject({ name: 'Newcomer', rank: 7, nickname: null, active: null });
    },
  },
  {
    id: 'write-update',
    description: 'PATCH an author: 200 with the document; the attributes and relationships not given stay',
    async run(context) {
      const updated = await context.send('PATCH', '/authors/1', {
        data: { type: 'author', id: '1', attributes: { nickname: null, rank: 9 }, relationships: { mentor: { data: { type: 'author', id: '3' } } } },
      });
      expect(updated.status).toBe(200);
      expect(updated.document?.data?.attributes).toMatchObject({ name: 'Alice', nickname: null, rank: 9, score: 3.5 });
      expect(await linkage(context, '/authors/3/relationships/mentees')).toEqual(['1']);
      expect(await linkage(context, '/authors/1/relationships/books')).toEqual(['b1', 'b2']);
    },
  },
  {
    id: 'write-delete',
    description: 'DELETE a book: 204, then 404, and no relationship names it any more; a second DELETE is a 404',
    async run(context) {
      expect((await context.send('DELETE', '/books/b1')).status).toBe(204);
      expect((await context.send('GET', '/books/b1')).status).toBe(404);
      expect(await linkage(context, '/authors/1/relationships/books')).toEqual(['b2']);
      expect((await context.send('DELETE', '/books/b1')).status).toBe(404);
    },
  },
  {
    id: 'write-relationship-routes',
    description: 'POST, PATCH and DELETE on relationship routes (a join table and a foreign key): 204 each, both sides read back',
    async run(context) {
      expect((await context.send('POST', '/authors/5/relationships/groups', { data: [{ type: 'group', id: 'g1' }, { type: 'group', id: 'g4' }] })).status).toBe(204);
      expect(await linkage(context, '/authors/5/relationships/groups')).toEqual(['g1', 'g4']);
      expect((await context.send('PATCH', '/authors/5/relationships/groups', { data: [{ type: 'group', id: 'g2' }] })).status).toBe(204);
      expect(await linkage(context, '/groups/g2/relationships/members')).toEqual(['10', '2', '4', '5']);
      expect((await context.send('DELETE', '/authors/5/relationships/groups', { data: [{ type: 'group', id: 'g2' }] })).status).toBe(204);
      expect(await linkage(context, '/authors/5/relationships/groups')).toEqual([]);
      expect((await context.send('PATCH', '/books/b10/relationships/author', { data: { type: 'author', id: '2' } })).status).toBe(204);
      expect(await linkage(context, '/authors/2/relationships/books')).toEqual(['b10']);
      expect((await context.send('PATCH', '/books/b10/relationships/author', { data: null })).status).toBe(204);
      expect(await linkage(context, '/authors/2/relationships/books')).toEqual([]);
    },
  },
  {
    id: 'write-atomic-lids',
    description: 'an Atomic Operations batch whose later operations name an earlier create by lid: 200 with atomic:results',
    async run(context) {
      const batch = await context.send('POST', '/operations', {
        'atomic:operations': [
          { op: 'add', data: { type: 'author', lid: 'a', attributes: { name: 'Lid', rank: 1 } } },
          { op: 'add', data: { type: 'book', attributes: { title: 'By lid', in_print: false }, relationships: { author: { data: { type: 'author', lid: 'a' } } } } },
          { op: 'add', ref: { type: 'group', id: 'g4', relationship: 'members' }, data: [{ type: 'author', lid: 'a' }] },
          { op: 'remove', ref: { type: 'book', id: 'b2' } },
        ],
      });
      expect(batch.status).toBe(200);
      const [author, book] = batch.document?.['atomic:results'] ?? [];
      const authorId = author?.data?.id ?? '';
      expect(await linkage(context, `/authors/${authorId}/relationships/books`)).toEqual([book?.data?.id]);
      expect(await linkage(context, '/groups/g4/relationships/members')).toEqual([authorId]);
      expect((await context.send('GET', '/books/b2')).status).toBe(404);
    },
  },
  {
    id: 'write-missing',
    description: 'a missing resource is a 404 and a missing related resource a 404 with the pointer to its identifier; nothing changes',
    async run(context) {
      const before = await context.state();
      expect(errorOf((await context.send('PATCH', '/authors/999', { data: { type: 'author', id: '999', attributes: { rank: 1 } } })).document)).toMatchObject({ status: '404' });
      const related = await context.send('POST', '/books', { data: { type: 'book', attributes: { title: 'X', in_print: true }, relationships: { author: { data: { type: 'author', id: '999' } } } } });
      expect(related.status).toBe(404);
      expect(errorOf(related.document).pointer).toBe('/data/relationships/author/data');
      expect(await context.state()).toBe(before);
    },
  },
  {
    id: 'write-duplicate',
    description: 'a client id that is taken is a 409 with the pointer to the id, alone and in a batch; nothing changes',
    async run(context) {
      const before = await context.state();
      const taken = await context.send('POST', '/notes', { data: { type: 'note', id: 'n01', attributes: { text: 'again' } } });
      expect(taken.status).toBe(409);
      expect(errorOf(taken.document).pointer).toBe('/data/id');
      const twice = await context.send('POST', '/operations', {
        'atomic:operations': [
          { op: 'add', data: { type: 'note', id: 'n99', attributes: { text: 'one' } } },
          { op: 'add', data: { type: 'note', id: 'n99', attributes: { text: 'two' } } },
        ],
      });
      expect(twice.status).toBe(409);
      expect(errorOf(twice.document).pointer).toBe('/atomic:operations/1/data/id');
      expect(await context.state()).toBe(before);
    },
  },
  {
    id: 'write-failed-batch',
    description: 'a batch whose last operation fails changes nothing: every resource and relationship read back as before',
    async run(context) {
      const before = await context.state();
      const failed = await context.send('POST', '/operations', {
        'atomic:operations': [
          { op: 'update', ref: { type: 'author', id: '1' }, data: { type: 'author', id: '1', attributes: { name: 'Changed' } } },
          { op: 'remove', ref: { type: 'book', id: 'b2' } },
          { op: 'add', ref: { type: 'group', id: 'g4', relationship: 'members' }, data: [{ type: 'author', id: '3' }] },
          { op: 'add', data: { type: 'book', attributes: { title: 'Y', in_print: true }, relationships: { author: { data: { type: 'author', id: '999' } } } } },
        ],
      });
      expect(failed.status).toBe(404);
      expect(errorOf(failed.document).pointer).toBe('/atomic:operations/3/data/relationships/author/data');
      expect(await context.state()).toBe(before);
    },
  },
  {
    id: 'write-permits',
    description:
      'a write policy (WriteRequest.permits) keeping books in print: updates and deletes of other books, and creates and updates leaving one out of print, are 403 forbidden_write at the operation; nothing changes',
    policy: { types: { book: { write: { create: inPrint, update: inPrint, delete: inPrint } } } },
    async run(context) {
      const before = await context.state();
      const refusals: readonly (readonly [string, string, unknown, string])[] = [
        ['PATCH', '/books/b2', { data: { type: 'book', id: 'b2', attributes: { title: 'Renamed' } } }, '/data'],
        ['PATCH', '/books/b1', { data: { type: 'book', id: 'b1', attributes: { in_print: false } } }, '/data'],
        ['PATCH', '/books/b2/relationships/author', { data: { type: 'author', id: '3' } }, '/data'],
        ['DELETE', '/books/b2', undefined, ''],
        ['POST', '/books', { data: { type: 'book', attributes: { title: 'Out', in_print: false } } }, '/data'],
        [
          'POST',
          '/operations',
          {
            'atomic:operations': [
              { op: 'update', data: { type: 'book', id: 'b1', attributes: { title: 'Fine' } } },
              { op: 'add', data: { type: 'book', attributes: { title: 'Fine too', in_print: true } } },
              { op: 'remove', ref: { type: 'book', id: 'b2' } },
            ],
          },
          '/atomic:operations/2',
        ],
        [
          'POST',
          '/operations',
          {
            'atomic:operations': [
              { op: 'add', data: { type: 'book', lid: 'x', attributes: { title: 'Short-lived', in_print: true } } },
              { op: 'update', data: { type: 'book', lid: 'x', attributes: { in_print: false } } },
            ],
          },
          '/atomic:operations/0',
        ],
      ];
      for (const [method, path, body, pointer] of refusals) {
        expect([method, path, errorOf((await context.send(method, path, body)).document)]).toEqual([method, path, { status: '403', code: 'forbidden_write', pointer }]);
      }
      expect(await context.state()).toBe(before);
      expect((await context.send('PATCH', '/books/b1', { data: { type: 'book', id: 'b1', attributes: { title: 'Renamed' } } })).status).toBe(200);
      expect((await context.send('DELETE', '/books/b1')).status).toBe(204);
    },
  },
  {
    id: 'write-hidden-links',
    description:
      'under row filters (books in print, active authors), replacing a to-many with [] or a visible subset keeps the links to hidden rows, on a foreign key (author.books) and a join table (group.members)',
    policy: { types: { book: { filter: inPrint }, author: { filter: [{ name: 'active', op: 'eq', val: true }] } } },
    async run(context) {
      // Author 1 has books b1 (in print) and b2 (hidden); group g1 has active members 1 and 8, and hidden 2.
      expect((await context.send('PATCH', '/authors/1/relationships/books', { data: [] })).status).toBe(204);
      expect(await linkage(context, '/authors/1/relationships/books')).toEqual([]);
      expect(await storedLinkage(context, 'author', '1', 'books')).toEqual(['b2']);
      const members = (ids: readonly string[]): unknown => ({ data: { type: 'group', id: 'g1', relationships: { members: { data: ids.map((id) => ({ type: 'author', id })) } } } });
      expect((await context.send('PATCH', '/groups/g1', members(['8']))).status).toBe(200);
      expect(await linkage(context, '/groups/g1/relationships/members')).toEqual(['8']);
      expect(await storedLinkage(context, 'group', 'g1', 'members')).toEqual(['2', '8']);
      expect((await context.send('PATCH', '/groups/g1/relationships/members', { data: [] })).status).toBe(204);
      expect(await storedLinkage(context, 'group', 'g1', 'members')).toEqual(['2']);
    },
  },
];

/**
 * Runs one write case on `layer` (holding the conformance dataset) through a writable
 * handler; over a layer without `apply`, checks that the handler answers writes with 405.
 *
 * @example
 * await runWriteCase(WRITE_CASES[0], createMemoryLayer(writeConformanceSchema, conformanceData));
 */
export async function runWriteCase(example: WriteCase, layer: DataLayer): Promise<void> {
  const handler = createHandler({ schema: writeConformanceSchema, dataLayer: layer, writable: true, ...(example.policy === undefined ? {} : { policy: example.policy }) });
  const context: WriteCaseContext = {
    async send(method, path, body) {
      const atomic = path === '/operations';
      const response = await handler({
        method,
        path,
        query: '',
        headers: { accept: atomic ? ATOMIC : JSON_API, ...(body === undefined ? {} : { 'content-type': atomic ? ATOMIC : JSON_API }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, headers: response.headers, document: response.body === '' ? undefined : (JSON.parse(response.body) as Document) };
    },
    state: () => readState(writeConformanceSchema, layer),
  };
  if (layer.apply === undefined) {
    const refused = await context.send('POST', '/books', { data: { type: 'book', attributes: { title: 'X', in_print: true } } });
    expect(refused.status).toBe(405);
    return;
  }
  await example.run(context);
}

/** Every case id of the write suite (the keys `skip` accepts). */
export const WRITE_CASE_IDS: readonly string[] = WRITE_CASES.map((example) => example.id);

/**
 * Registers the write suite: each case on a fresh layer built from the conformance
 * dataset (`writeConformanceSchema`), through a writable handler (a layer without
 * `apply` must leave the handler answering 405 instead), then the write property and
 * the write request property.
 */
export function registerWriteSuite(options: DescribeDataLayerOptions, skips: SkipTable): void {
  const suiteReason = skips.reasonFor('writes');
  if (suiteReason !== undefined) {
    describe.skip(`writes (skipped: ${suiteReason})`, () => {
      it('every write case', () => undefined);
    });
    return;
  }
  describe('writes', () => {
    for (const example of WRITE_CASES) {
      const reason = skips.reasonFor(example.id);
      const title = `${example.id}: ${example.description}`;
      if (reason !== undefined) {
        it.skip(`${title} (skipped: ${reason})`, () => undefined);
        continue;
      }
      it(title, async () => {
        const layer: DataLayer = await options.create(writeConformanceSchema, conformanceData);
        try {
          await runWriteCase(example, layer);
        } finally {
          await options.destroy?.(layer);
        }
      });
    }
    registerWriteProperty(options, skips);
    registerWriteRequestProperty(options, skips);
  });
}
