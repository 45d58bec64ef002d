/**
 * The executors called without the handler check a query against the layer's
 * declared capabilities and refuse with the 400s the handler gives (same codes and
 * wording), before the layer is called.
 */
import { describe, expect, it } from 'vitest';
import { executeCollection, executeOne, executeRelated, executeRelationship } from '../../src/execute/index.js';
import { isQueryError } from '../../src/errors/query-error.js';
import { createHandler } from '../../src/http/index.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { parseQuery } from '../../src/parse/parse-query.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { conformanceSchema } from '../../src/testing/conformance/conformance-schema.js';
import { createMapLayer } from '../helpers/map-layer.js';

/** `eq` and `and` only, one sort key, no cursor pages; every read counted. */
const calls: string[] = [];
const mapLayer = createMapLayer(conformanceSchema, conformanceData);
const layer: DataLayer = {
  ...mapLayer,
  read: (request, context) => {
    calls.push(request.type);
    return mapLayer.read(request, context);
  },
};
/** The AST as a client would write it, parsed for a full layer. */
const full = (type: 'author' | 'book', query: string) => parseQuery(query, { schema: conformanceSchema, type });
const handler = createHandler({ schema: conformanceSchema, dataLayer: layer });

async function refusal(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    if (isQueryError(error)) return error.errors.map(({ status, code, detail }) => ({ status, code, detail }));
    throw error;
  }
  throw new Error('expected a QueryError');
}

async function throughHandler(path: string, query: string): Promise<unknown> {
  const response = await handler({ method: 'GET', path, query, headers: { accept: 'application/vnd.api+json' } });
  return (JSON.parse(response.body) as { errors: { status: string; code: string; detail: string }[] }).errors.map(({ status, code, detail }) => ({ status, code, detail }));
}

describe('the executors check what the layer declares', () => {
  it.each([
    ['an or', 'filter=' + encodeURIComponent('[{"or":[{"name":"name","op":"eq","val":"a"}]}]')],
    ['an operator it lacks', 'filter=' + encodeURIComponent('[{"name":"name","op":"ilike","val":"a%"}]')],
    ['a relationship filter', 'filter[books__title]=Go'],
    ['two sort keys', 'sort=name,-born'],
    ['a dotted sort', 'sort=mentor.name'],
  ])('executeCollection refuses %s as the handler does, without reading', async (_what, query) => {
    calls.length = 0;
    const refused = await refusal(() => executeCollection(full('author', query), { schema: conformanceSchema, layer }));
    expect(calls).toEqual([]);
    const answered = (await throughHandler('/authors', query)) as { detail: string }[];
    // A shortcut is an `any` node in the AST: the executor names the operator, the handler the shortcut as written.
    const details = query.includes('__') ? { detail: expect.any(String) as unknown } : {};
    expect(refused).toEqual(answered.map((error) => ({ ...error, ...details })));
    expect((refused as { status: string }[])[0]?.status).toBe('400');
  });

  it('the related, relationship and one-resource reads check too', async () => {
    const or = full('book', 'filter=' + encodeURIComponent('[{"or":[{"name":"title","op":"eq","val":"a"}]}]'));
    const owner = { type: 'author', id: '1', relationship: 'books' };
    const expected = [{ status: '400', code: 'filter_not_supported', detail: 'The data layer does not evaluate "or"' }];
    expect(await refusal(() => executeRelated(or, owner, { schema: conformanceSchema, layer }))).toEqual(expected);
    expect(await refusal(() => executeRelationship(or, owner, { schema: conformanceSchema, layer }))).toEqual(expected);
    expect(await refusal(() => executeOne(or, '1', { schema: conformanceSchema, layer }))).toEqual(expected);
  });

  it('a query within the declaration reads', async () => {
    calls.length = 0;
    const execution = await executeCollection(full('author', 'filter[name]=Alice&sort=-name'), { schema: conformanceSchema, layer });
    expect(Array.isArray(execution.data)).toBe(true);
    expect(calls).toEqual(['author']);
  });
});
