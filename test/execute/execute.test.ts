import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { QueryAST } from '../../src/ast/query-ast.js';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { executeCollection, executeOne, executeRelated, executeRelationship, type Resource } from '../../src/execute/index.js';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import type { DataLayer } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { isQueryError } from '../../src/errors/query-error.js';
import { defineSchema } from '../../src/schema/define-schema.js';

const idAsc = { path: [], field: 'id', direction: 'asc' } as const;

function ast(type: string, parts: Partial<QueryAST> = {}): QueryAST {
  return { type, filter: null, sort: [idAsc], page: { kind: 'offset', size: 30, number: 1 }, include: [], fields: {}, ...parts };
}

/** A memory layer wrapped to record every call with its arguments. */
function counted(layer: DataLayer = createMemoryLayer(exampleSchema, exampleData)) {
  const calls: { method: string; request: unknown; signal: AbortSignal }[] = [];
  const proxy = new Proxy(layer, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const context = args[args.length - 1] as { signal: AbortSignal };
        calls.push({ method: String(property), request: args.length > 2 ? args.slice(0, -1) : args[0], signal: context.signal });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { layer: proxy, calls, count: (method: string) => calls.filter((call) => call.method === method).length };
}

const refs = (resources: readonly Resource[] | undefined) => resources?.map(({ type, row }) => `${type}:${String(row.id)}`);
const johnAndJohnLower: FilterNode = { kind: 'compare', field: 'id', op: 'in_', value: ['1', '2'] };

async function queryError(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isQueryError(error)) return error.errors[0];
    throw error;
  }
  throw new Error('expected a QueryError');
}

describe('executeCollection', () => {
  it('reads a page with its total, no included member without include', async () => {
    const { layer } = counted();
    const execution = await executeCollection(ast('person', { page: { kind: 'offset', size: 10, number: 2 } }), { schema: exampleSchema, layer });
    expect(refs(execution.data as Resource[])).toEqual(['19', '2', '20', '21', '22', '23', '24', '25', '26', '27'].map((id) => `person:${id}`));
    expect(execution.total).toBe(30);
    expect(execution).not.toHaveProperty('included');
    expect(execution.linkage.get('person', '19', 'computers')).toBeUndefined();
  });

  it('passes filter, sort, offset, limit and attribute hints to the layer, with the signal', async () => {
    const { layer, calls } = counted();
    const signal = new AbortController().signal;
    const filter: FilterNode = { kind: 'compare', field: 'name', op: 'eq', value: 'John' };
    const sort = [{ path: [], field: 'name', direction: 'desc' } as const, idAsc];
    await executeCollection(ast('person', { filter, sort, page: { kind: 'offset', size: 5, number: 3 }, fields: { person: ['name', 'computers'] } }), {
      schema: exampleSchema,
      layer,
      signal,
    });
    expect(calls).toEqual([
      { method: 'read', request: { type: 'person', filter, sort, offset: 10, limit: 5, attributes: ['name'] }, signal },
    ]);
  });

  it('includes related resources with one layer call per path step, shared by common prefixes', async () => {
    const { layer, calls, count } = counted();
    const signal = new AbortController().signal;
    const execution = await executeCollection(
      ast('person', { filter: johnAndJohnLower, include: [['computers'], ['computers', 'owner']] }),
      { schema: exampleSchema, layer, signal },
    );
    expect(count('read')).toBe(1);
    expect(count('readIncluded')).toBe(2);
    expect(calls.filter((call) => call.method === 'readIncluded').map((call) => call.request)).toEqual([
      { type: 'person', relationship: 'computers', ids: ['1', '2'] },
      { type: 'computer', relationship: 'owner', ids: ['1', '2', '25', '3'] },
    ]);
    expect(calls.every((call) => call.signal === signal)).toBe(true);
    expect(refs(execution.included)).toEqual(['computer:1', 'computer:2', 'computer:25', 'person:1', 'computer:3', 'person:2']);
    expect(execution.linkage.get('person', '1', 'computers')).toEqual(['1', '2', '25']);
    expect(execution.linkage.get('person', '2', 'computers')).toEqual(['3']);
    expect(execution.linkage.get('computer', '25', 'owner')).toBe('1');
    expect(execution.linkage.get('person', '1', 'nothing')).toBeUndefined();
  });

  it('makes no layer call for a step that has no owners', async () => {
    const { layer, count } = counted();
    const execution = await executeCollection(
      ast('person', { filter: { kind: 'compare', field: 'id', op: 'eq', value: '3' }, include: [['computers', 'owner']] }),
      { schema: exampleSchema, layer },
    );
    expect(execution.included).toEqual([]);
    expect(count('readIncluded')).toBe(1);
    const empty = await executeCollection(ast('person', { filter: { kind: 'or', nodes: [] }, include: [['computers']] }), { schema: exampleSchema, layer });
    expect(empty).toMatchObject({ data: [], total: 0, included: [] });
    expect(count('readIncluded')).toBe(1);
  });

  it('orders included by primary resource, then path, then step', async () => {
    const { layer } = counted();
    const execution = await executeCollection(
      ast('person', { filter: { kind: 'compare', field: 'id', op: 'in_', value: ['4', '1'] }, include: [['computers', 'owner'], ['computers']] }),
      { schema: exampleSchema, layer },
    );
    expect(refs(execution.data as Resource[])).toEqual(['person:1', 'person:4']);
    // person 1: its computers, then their owner (person 1 itself, listed: spec rule); then person 4.
    expect(refs(execution.included)).toEqual(['computer:1', 'computer:2', 'computer:25', 'person:1', 'computer:32', 'computer:4', 'person:4']);
  });

  it('records empty linkage for followed relationships without related resources', async () => {
    const { layer } = counted();
    const execution = await executeCollection(ast('computer', { filter: { kind: 'compare', field: 'id', op: 'in_', value: ['26', '1'] }, include: [['owner']] }), {
      schema: exampleSchema,
      layer,
    });
    expect(refs(execution.included)).toEqual(['person:1']);
    expect(execution.linkage.get('computer', '26', 'owner')).toBeNull();
    expect(execution.linkage.get('computer', '1', 'owner')).toBe('1');
    const persons = await executeCollection(ast('person', { filter: { kind: 'compare', field: 'id', op: 'eq', value: '3' }, include: [['computers']] }), {
      schema: exampleSchema,
      layer,
    });
    expect(persons.included).toEqual([]);
    expect(persons.linkage.get('person', '3', 'computers')).toEqual([]);
  });

  describe('the fields + include rule', () => {
    const include = [['computers', 'owner']] as const;
    const run = (fields: QueryAST['fields'], includeRequiresFields?: boolean) =>
      executeCollection(ast('person', { filter: { kind: 'compare', field: 'id', op: 'eq', value: '1' }, include, fields }), {
        schema: exampleSchema,
        layer: createMemoryLayer(exampleSchema, exampleData),
        ...(includeRequiresFields === undefined ? {} : { includeRequiresFields }),
      });

    it('has no effect when the relationship is not in its owner type fieldset', async () => {
      const execution = await run({ person: ['name'] });
      expect(execution.included).toEqual([]);
      expect(execution.linkage.get('person', '1', 'computers')).toBeUndefined();
    });

    it('applies when the relationship is listed', async () => {
      expect(refs((await run({ person: ['name', 'computers'] })).included)).toEqual(['computer:1', 'computer:2', 'computer:25', 'person:1']);
    });

    it('stops a path at the first step whose owner type does not list it', async () => {
      const execution = await run({ computer: ['serial'] });
      expect(refs(execution.included)).toEqual(['computer:1', 'computer:2', 'computer:25']);
      expect(execution.linkage.get('computer', '1', 'owner')).toBeUndefined();
    });

    it('applies every include with includeRequiresFields: false (JSON:API 1.1)', async () => {
      expect(refs((await run({ person: ['name'], computer: [] }, false)).included)).toEqual(['computer:1', 'computer:2', 'computer:25', 'person:1']);
    });

    it('hints only attributes of included types to the layer', async () => {
      const { layer, calls } = counted();
      await executeCollection(ast('person', { include: [['computers']], fields: { computer: ['serial', 'owner'] } }), { schema: exampleSchema, layer });
      expect(calls[1]?.request).toMatchObject({ relationship: 'computers', attributes: ['serial'] });
    });
  });

  describe('limits', () => {
    it('reads without pagination up to maxUnpaginatedRows, asking for one more', async () => {
      const { layer, calls } = counted();
      const execution = await executeCollection(ast('person', { page: null }), { schema: exampleSchema, layer, limits: { ...DEFAULT_LIMITS, maxUnpaginatedRows: 30 } });
      expect((execution.data as Resource[]).length).toBe(30);
      expect(execution).not.toHaveProperty('total');
      expect(calls[0]?.request).toMatchObject({ offset: 0, limit: 31 });
    });

    it('answers too_many_rows past maxUnpaginatedRows', async () => {
      const error = await queryError(
        executeCollection(ast('person', { page: null }), { schema: exampleSchema, layer: createMemoryLayer(exampleSchema, exampleData), limits: { ...DEFAULT_LIMITS, maxUnpaginatedRows: 29 } }),
      );
      expect(error).toEqual({
        status: '400',
        code: 'too_many_rows',
        title: 'Too many rows without pagination',
        detail: 'More than 29 rows match; use page[size] to paginate',
        source: { parameter: 'page[size]' },
        meta: { limit: 29 },
      });
    });

    it('answers too_many_included past maxIncluded, and accepts exactly the limit', async () => {
      const layer = createMemoryLayer(exampleSchema, exampleData);
      const query = ast('person', { filter: johnAndJohnLower, include: [['computers', 'owner']] });
      // computers 1, 2, 25, 3 and persons 1, 2: six resources.
      const ok = await executeCollection(query, { schema: exampleSchema, layer, limits: { ...DEFAULT_LIMITS, maxIncluded: 6 } });
      expect(ok.included).toHaveLength(6);
      const error = await queryError(executeCollection(query, { schema: exampleSchema, layer, limits: { ...DEFAULT_LIMITS, maxIncluded: 5 } }));
      expect(error).toMatchObject({ code: 'too_many_included', source: { parameter: 'include' }, meta: { limit: 5 } });
    });
  });

  it('propagates an abort through the layer', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      executeCollection(ast('person'), { schema: exampleSchema, layer: createMemoryLayer(exampleSchema, exampleData), signal: controller.signal }),
    ).rejects.toThrow('gone');
  });
});

describe('executeOne', () => {
  it('reads one resource with includes, ignoring filter and page', async () => {
    const { layer, count } = counted();
    const execution = await executeOne(ast('computer', { include: [['owner', 'computers']] }), '25', { schema: exampleSchema, layer });
    expect(execution?.data).toEqual({ type: 'computer', row: { id: '25', serial: 'SN-25' } });
    expect(refs(execution?.included)).toEqual(['person:1', 'computer:1', 'computer:2', 'computer:25']);
    expect(count('readIncluded')).toBe(2);
    expect(execution).not.toHaveProperty('total');
  });

  it('is null for an unknown id', async () => {
    expect(await executeOne(ast('person'), '999', { schema: exampleSchema, layer: createMemoryLayer(exampleSchema, exampleData) })).toBeNull();
  });

  it('converts path ids to integer ids, a non-canonical one being not found without a layer call', async () => {
    const schema = defineSchema({ types: { item: { root: 'items', id: 'integer', attributes: { label: { type: 'string' } } } } });
    const { layer, count } = counted(createMemoryLayer(schema, { item: [{ id: 7, label: 'seven' }] }));
    expect((await executeOne(ast('item'), '7', { schema, layer }))?.data).toEqual({ type: 'item', row: { id: 7, label: 'seven' } });
    for (const id of ['07', '+7', '7.0', '-7', 'seven', '', '99999999999999999999']) {
      expect(await executeOne(ast('item'), id, { schema, layer })).toBeNull();
    }
    expect(count('readOne')).toBe(1);
  });
});

describe('executeRelated', () => {
  const person1 = { type: 'person', id: '1', relationship: 'computers' };

  it('reads a to-many relationship as a filtered, sorted, paged collection', async () => {
    const { layer, calls } = counted();
    const execution = await executeRelated(
      ast('computer', { sort: [{ path: [], field: 'serial', direction: 'desc' }, idAsc], page: { kind: 'offset', size: 2, number: 1 } }),
      person1,
      { schema: exampleSchema, layer },
    );
    // 'SN_100%' > 'SN1002' > 'SN-25' in code-point order ('_' > '1' > '-').
    expect(refs(execution?.data as Resource[])).toEqual(['computer:1', 'computer:2']);
    expect(execution?.total).toBe(3);
    expect(calls[0]).toMatchObject({ method: 'readRelated', request: { type: 'person', id: '1', relationship: 'computers', offset: 0, limit: 2 } });
  });

  it('reads a to-one relationship as one resource or null', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const owner = await executeRelated(ast('person', { include: [['computers']] }), { type: 'computer', id: '3', relationship: 'owner' }, { schema: exampleSchema, layer });
    expect(owner?.data).toMatchObject({ type: 'person', row: { id: '2', name: 'john' } });
    expect(owner).not.toHaveProperty('total');
    expect(refs(owner?.included)).toEqual(['computer:3']);
    const none = await executeRelated(ast('person'), { type: 'computer', id: '26', relationship: 'owner' }, { schema: exampleSchema, layer });
    expect(none?.data).toBeNull();
  });

  it('is null when the owner does not exist', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    expect(await executeRelated(ast('computer'), { ...person1, id: '999' }, { schema: exampleSchema, layer })).toBeNull();
    expect(await executeRelated(ast('person'), { type: 'computer', id: '999', relationship: 'owner' }, { schema: exampleSchema, layer })).toBeNull();
  });

  it('checks maxUnpaginatedRows on related collections', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const error = await queryError(executeRelated(ast('computer', { page: null }), person1, { schema: exampleSchema, layer, limits: { ...DEFAULT_LIMITS, maxUnpaginatedRows: 2 } }));
    expect(error).toMatchObject({ code: 'too_many_rows', source: { parameter: 'page[size]' } });
  });
});

describe('executeRelationship', () => {
  it('reads to-many linkage, filtered, sorted and paged', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const execution = await executeRelationship(
      ast('computer', { filter: { kind: 'compare', field: 'serial', op: 'startswith', value: 'SN' }, sort: [{ path: [], field: 'id', direction: 'desc' }] }),
      { type: 'person', id: '1', relationship: 'computers' },
      { schema: exampleSchema, layer },
    );
    expect(execution).toEqual({ data: ['25', '2', '1'], targetType: 'computer', total: 3, linkage: execution?.linkage });
  });

  it('reads to-one linkage', async () => {
    const layer = createMemoryLayer(exampleSchema, exampleData);
    const owned = await executeRelationship(ast('person'), { type: 'computer', id: '5', relationship: 'owner' }, { schema: exampleSchema, layer });
    expect(owned).toMatchObject({ data: '5', targetType: 'person' });
    const orphan = await executeRelationship(ast('person'), { type: 'computer', id: '27', relationship: 'owner' }, { schema: exampleSchema, layer });
    expect(orphan?.data).toBeNull();
    expect(await executeRelationship(ast('person'), { type: 'computer', id: 'x', relationship: 'owner' }, { schema: exampleSchema, layer })).toBeNull();
  });

  it('follows include paths from the related rows of data, with one call per further step', async () => {
    const { layer, count } = counted();
    const execution = await executeRelationship(ast('computer', { include: [['computers', 'owner']] }), { type: 'person', id: '5', relationship: 'computers' }, { schema: exampleSchema, layer });
    expect(execution?.data).toEqual(['5', '6']);
    expect(refs(execution?.included)).toEqual(['computer:5', 'computer:6', 'person:5']);
    expect(execution?.linkage.get('person', '5', 'computers')).toEqual(['5', '6']);
    expect(count('readRelated')).toBe(1);
    expect(count('readIncluded')).toBe(1);
    expect(count('readLinkage') + count('readOne')).toBe(0);
  });
});

describe('cursor pages', () => {
  const nameAsc = [{ path: [], field: 'name', direction: 'asc' }, idAsc] as const;
  /** Every person id in the order of `sort=name`, from one unpaginated read. */
  const allByName = async () =>
    refs((await executeCollection(ast('person', { sort: nameAsc, page: null }), { schema: exampleSchema, layer: createMemoryLayer(exampleSchema, exampleData) })).data as Resource[]);

  it('reads size + 1 rows through the keyset window, without a count, and gives each row its cursor', async () => {
    const { layer, calls } = counted();
    const all = await allByName();
    const first = await executeCollection(ast('person', { sort: nameAsc, page: { kind: 'cursor', size: 3 } }), { schema: exampleSchema, layer });
    expect(calls[0]?.request).toMatchObject({ sort: nameAsc, offset: 0, limit: 4, keyset: {}, withTotal: false });
    expect(refs(first.data as Resource[])).toEqual(all?.slice(0, 3));
    expect(first.total).toBeUndefined();
    expect(first.cursorPage).toMatchObject({ prev: null, rangeTruncated: false });
    expect(first.cursorPage?.cursors).toHaveLength(3);
    expect(first.cursorPage?.next).toEqual({ after: first.cursorPage?.cursors[2] });
  });

  it('reads a before page backwards (every direction flipped) and gives it in the request order', async () => {
    const { layer, calls } = counted();
    const all = (await allByName()) ?? [];
    const row = exampleData.person.find((person) => `person:${person.id}` === all[6]);
    const page = await executeCollection(
      ast('person', { sort: nameAsc, page: { kind: 'cursor', size: 4, before: [row?.name ?? '', row?.id ?? ''] } }),
      { schema: exampleSchema, layer },
    );
    expect(calls[0]?.request).toMatchObject({
      sort: [{ field: 'name', direction: 'desc' }, { field: 'id', direction: 'desc' }],
      keyset: { after: [row?.name, row?.id] },
      limit: 5,
    });
    expect(refs(page.data as Resource[])).toEqual(all.slice(2, 6));
    expect(page.cursorPage?.prev).toEqual({ before: page.cursorPage?.cursors[0] });
    expect(page.cursorPage?.next).toEqual({ after: page.cursorPage?.cursors[3] });
  });

  it("counts when the count limit says 'exact', and leaves pages by number uncounted under 'none'", async () => {
    const exact = await executeCollection(ast('person', { page: { kind: 'cursor', size: 2 } }), {
      schema: exampleSchema,
      layer: createMemoryLayer(exampleSchema, exampleData),
      limits: { ...DEFAULT_LIMITS, count: 'exact' },
    });
    expect(exact.total).toBe(exampleData.person.length);
    const { layer, calls } = counted();
    const none = await executeCollection(ast('person', { page: { kind: 'offset', size: 2, number: 1 } }), {
      schema: exampleSchema,
      layer,
      limits: { ...DEFAULT_LIMITS, count: 'none' },
    });
    expect(calls[0]?.request).toMatchObject({ offset: 0, limit: 3, withTotal: false });
    expect(none).toMatchObject({ hasNext: true });
    expect(none.total).toBeUndefined();
    expect(none.data).toHaveLength(2);
  });

  it('fails loudly when a layer answers a keyset read without keys', async () => {
    const memory = createMemoryLayer(exampleSchema, exampleData);
    const keyless: DataLayer = {
      ...memory,
      read: async (request, context) => {
        const { rows, total } = await memory.read(request, context);
        return { rows, ...(total === undefined ? {} : { total }) };
      },
    };
    await expect(executeCollection(ast('person', { page: { kind: 'cursor', size: 2 } }), { schema: exampleSchema, layer: keyless })).rejects.toThrow(
      /without one key per row/u,
    );
  });
});
