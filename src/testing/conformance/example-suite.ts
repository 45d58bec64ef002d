import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { FilterNode } from '../../ast/filter-node.js';
import type { Operator } from '../../ast/operators.js';
import type { Page, QueryAST } from '../../ast/query-ast.js';
import { executeCollection, executeOne, type Resource } from '../../execute/index.js';
import { resolveCapabilities } from '../../layers/capabilities.js';
import type { DataLayer, Id, ReadResult, Row } from '../../layers/data-layer.js';
import { parseQuery } from '../../parse/parse-query.js';
import { requireType, resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { COLLECTION_CASES, type CollectionCase } from './collection-cases.js';
import { conformanceData } from './conformance-data.js';
import { conformanceSchema } from './conformance-schema.js';
import { countingLayer } from './counting-layer.js';
import type { DescribeDataLayerOptions } from './describe-options.js';
import { BATCHING_CASES, INCLUDE_CASES } from './include-cases.js';
import { checkKeysetCase, flipSort } from './check-keyset-case.js';
import { KEYSET_CASES, type KeysetCase } from './keyset-cases.js';
import { counts, queryRefusal, refusalOf } from './layer-refusal.js';
import { createMemoryLayer } from '../../layers/memory/index.js';
import { operatorsOf } from './operators-of.js';
import { decodeQuery } from './query-text.js';
import { INCLUDED_CASES, PATH_ID_CASES, READ_ONE_CASES, RELATED_CASES, type RelatedCase } from './route-cases.js';
import { ROW_FILTER_INCLUDED_CASES, ROW_FILTER_RELATED_CASES } from './row-filter-cases.js';
import type { SkipTable } from './skip-table.js';

const schema: ResourceSchema = conformanceSchema;
const resolved = resolveSchema(schema);

/** Every case id of the example suite (the keys `skip` accepts besides operators). */
export const EXAMPLE_CASE_IDS: ReadonlySet<string> = new Set(
  [
    ...COLLECTION_CASES,
    ...INCLUDE_CASES,
    ...BATCHING_CASES,
    ...READ_ONE_CASES,
    ...PATH_ID_CASES,
    ...RELATED_CASES,
    ...INCLUDED_CASES,
    ...KEYSET_CASES,
    ...ROW_FILTER_INCLUDED_CASES,
    ...ROW_FILTER_RELATED_CASES,
  ].map((example) => example.id),
);

/**
 * Registers the example suite: the conformance dataset loaded once into a layer,
 * then every hand-written case, each skipped with its reason where `skip` names
 * it or the layer does not declare an operator it uses.
 */
export function registerExampleSuite(options: DescribeDataLayerOptions, skips: SkipTable): void {
  const suiteReason = skips.reasonFor('examples');
  if (suiteReason !== undefined) {
    describe.skip(`examples (skipped: ${suiteReason})`, () => {
      it('every example case', () => undefined);
    });
    return;
  }
  describe('examples', () => {
    let current: DataLayer | undefined;
    beforeAll(async () => {
      current = await options.create(schema, conformanceData);
    });
    afterAll(async () => {
      if (current !== undefined) await options.destroy?.(current);
    });
    const layer = (): DataLayer => {
      if (current === undefined) throw new Error(`${options.name}: create() did not give a layer`);
      return current;
    };
    const register: Register = (id, description, operators, body, refusal = () => undefined) => {
      const title = `${id}: ${description}`;
      const reason = skips.reasonFor(id) ?? skips.operatorReason(operators);
      if (reason !== undefined) {
        it.skip(`${title} (skipped: ${reason})`, () => undefined);
        return;
      }
      it(title, async (context) => {
        const refused = refusal(layer());
        if (refused !== undefined) context.skip(refused);
        await body(layer(), context);
      });
    };

    registerReadCases(register);
    registerRouteCases(register);
    registerRowFilterCases(register);
    registerIncludeCases(register);
  });
}

/**
 * Registers one case: a test named `<id>: <description>`, skipped with its reason
 * where `skip` names it or an operator it uses, or where the layer's declaration
 * (`refusal`) says it does not answer it.
 */
type Register = (
  id: string,
  description: string,
  operators: readonly Operator[],
  body: (layer: DataLayer, context: TestContext) => Promise<void>,
  refusal?: (layer: DataLayer) => string | undefined,
) => void;

/** The collection cases and the keyset window cases. */
function registerReadCases(register: Register): void {
  describe('read: filter, sort and page', () => {
    for (const example of COLLECTION_CASES) {
      register(
        example.id,
        example.description,
        operatorsIn(example.type, example.query),
        async (target, context) => {
          const failure = await checkCollectionCase(target, example, context.signal);
          if (failure !== undefined) expect.fail(failure);
        },
        (target) => refusalIn(target, example.type, example.query),
      );
    }
  });
}

/** `readOne`, ids from a URL path, `readRelated`/`readLinkage` and `readIncluded`. */
function registerRouteCases(register: Register): void {
  describe('readOne', () => {
    for (const example of READ_ONE_CASES) {
      register(example.id, example.description, [], async (target, context) => {
        const row = await target.readOne(example.type, example.key, { signal: context.signal });
        expect(row === null ? null : declaredFields(example.type, row)).toEqual(example.expect);
      });
    }
  });

  describe('ids from a URL path', () => {
    for (const example of PATH_ID_CASES) {
      register(example.id, example.description, [], async (target, context) => {
        const ast = parse(example.type, '');
        const execution = await executeOne(ast, example.path, { schema, layer: target, signal: context.signal });
        const data = execution?.data;
        expect(data === undefined || data === null || Array.isArray(data) ? null : (data as Resource).row.id).toBe(example.expect);
      });
    }
  });

  describe('readRelated and readLinkage', () => {
    for (const example of RELATED_CASES) {
      const target = relatedType(example);
      register(
        example.id,
        example.description,
        operatorsIn(target, example.query),
        async (store, context) => {
          const counted = counts(store, target);
          const request = { ...relatedRequest(example), ...(counted ? {} : { withTotal: false }) };
          const rows = await store.readRelated(request, { signal: context.signal });
          const linkage = await store.readLinkage(request, { signal: context.signal });
          const expected = example.expect === null ? null : { ids: example.expect.ids, total: counted ? example.expect.total : undefined };
          expect({
            readRelated: rows === null ? null : { ids: rows.rows.map((row) => row.id), total: counted ? rows.total : undefined },
            readLinkage: linkage === null ? null : { ids: [...linkage.ids], total: counted ? linkage.total : undefined },
          }).toEqual({ readRelated: expected, readLinkage: expected });
        },
        (store) => refusalIn(store, target, example.query),
      );
    }
  });

  describe('keyset windows (cursor pages)', () => {
    for (const example of KEYSET_CASES) {
      register(
        example.id,
        example.description,
        [],
        async (target, context) => {
          const failure = await checkKeysetCase(target, example, context.signal);
          if (failure !== undefined) expect.fail(failure);
        },
        (target) => keysetRefusal(target, example),
      );
    }
  });

  describe('readIncluded', () => {
    for (const example of INCLUDED_CASES) {
      const needsIncludes = (target: DataLayer) =>
        refusalOf(target, schema, { type: example.type, filter: null, sort: [], offset: false, keyset: false, include: true });
      register(example.id, example.description, [], async (target, context) => {
        const result = await target.readIncluded(
          { type: example.type, relationship: example.relationship, ids: example.keys },
          { signal: context.signal },
        );
        const byOwner = Object.fromEntries([...result].map(([owner, rows]) => [owner, rows.map((row) => row.id)]));
        expect(byOwner).toEqual(example.expect);
      }, needsIncludes);
    }
  });
}

/** The row filters a layer declaring `rowFilters` receives in its relationship reads. */
function registerRowFilterCases(register: Register): void {
  const undeclared = (layer: DataLayer, type: string): string | undefined =>
    resolveCapabilities(layer, type).rowFilters ? undefined : `the layer does not apply row filters to ${type} (capabilities.rowFilters)`;
  const filterOf = (type: string, text: string | undefined): FilterNode | undefined => {
    const filter = text === undefined ? null : parse(type, text).filter;
    return filter ?? undefined;
  };
  describe('row filters (rowFilters)', () => {
    for (const example of ROW_FILTER_INCLUDED_CASES) {
      const target = relatedType(example);
      register(
        example.id,
        example.description,
        operatorsIn(target, example.filter),
        async (layer, context) => {
          const filter = filterOf(target, example.filter);
          const result = await layer.readIncluded(
            { type: example.type, relationship: example.relationship, ids: example.keys, ...(filter === undefined ? {} : { filter }) },
            { signal: context.signal },
          );
          expect(Object.fromEntries([...result].map(([owner, rows]) => [owner, rows.map((row) => row.id)]))).toEqual(example.expect);
        },
        (layer) => undeclared(layer, target),
      );
    }
    for (const example of ROW_FILTER_RELATED_CASES) {
      const target = relatedType(example);
      const operators = [...operatorsIn(example.type, example.ownerFilter ?? ''), ...operatorsIn(target, example.targetFilter ?? '')];
      register(
        example.id,
        example.description,
        operators,
        async (layer, context) => {
          const ownerFilter = filterOf(example.type, example.ownerFilter);
          const counted = counts(layer, target);
          const request = {
            ...relatedRequest({ ...example, query: '' }),
            filter: filterOf(target, example.targetFilter) ?? null,
            ...(ownerFilter === undefined ? {} : { ownerFilter }),
            ...(counted ? {} : { withTotal: false }),
          };
          const rows = await layer.readRelated(request, { signal: context.signal });
          const linkage = await layer.readLinkage(request, { signal: context.signal });
          const expected = example.expect === null ? null : { ids: example.expect.ids, total: counted ? example.expect.total : undefined };
          expect({
            readRelated: rows === null ? null : { ids: rows.rows.map((row) => row.id), total: counted ? rows.total : undefined },
            readLinkage: linkage === null ? null : { ids: [...linkage.ids], total: counted ? linkage.total : undefined },
          }).toEqual({ readRelated: expected, readLinkage: expected });
        },
        (layer) =>
          (example.ownerFilter === undefined ? undefined : undeclared(layer, example.type)) ??
          (example.targetFilter === undefined ? undefined : undeclared(layer, target)),
      );
    }
  });
}

/** Includes through the executor, and the batching of their layer calls. */
function registerIncludeCases(register: Register): void {
  describe('include through executeCollection', () => {
    for (const example of INCLUDE_CASES) {
      register(
        example.id,
        example.description,
        operatorsIn(example.type, example.query),
        async (target, context) => {
          const failure = await checkIncludeCase(target, example, context.signal);
          if (failure !== undefined) expect.fail(failure);
        },
        (target) => refusalIn(target, example.type, example.query),
      );
    }
    for (const example of BATCHING_CASES) {
      register(example.id, example.description, operatorsIn(example.type, example.query), async (target, context) => {
        const counted = countingLayer(target);
        const execution = await executeCollection(parse(example.type, example.query), {
          schema,
          layer: counted.layer,
          signal: context.signal,
        });
        expect(counted.calls).toEqual({ read: example.calls.read, readOne: 0, readRelated: 0, readLinkage: 0, readIncluded: example.calls.readIncluded });
        expect([...(summarize(execution.data, execution.total, execution.included).included ?? [])].sort()).toEqual([...example.included].sort());
      }, (target) => refusalIn(target, example.type, example.query));
    }
  });
}

/**
 * Runs one include case through `executeCollection`: `undefined` when the ids, the
 * total (when the layer counts) and the included resources are as expected, and
 * `included` comes in the memory layer's order (which follows each `readIncluded`
 * answer: related rows in primary key order); otherwise the request and both answers.
 */
export async function checkIncludeCase(layer: DataLayer, example: CollectionCase, signal: AbortSignal): Promise<string | undefined> {
  const ast = parse(example.type, example.query);
  const request = `GET /${requireType(resolved, example.type).root}?${decodeQuery(example.query)}`;
  const counted = counts(layer, example.type);
  const execution = await executeCollection(ast, { schema, layer, signal });
  const actual = summarize(execution.data, counted ? execution.total : undefined, execution.included);
  const expected = { ids: example.expect.ids, total: counted ? example.expect.total : undefined, included: [...(example.expect.included ?? [])].sort() };
  if (JSON.stringify({ ...actual, included: [...(actual.included ?? [])].sort() }) !== JSON.stringify(expected)) {
    return `${request}\nexpected ${JSON.stringify(expected)}\nactual   ${JSON.stringify(actual)}`;
  }
  const reference = await executeCollection(ast, { schema, layer: referenceLayer(), signal });
  const ordered = summarize(reference.data, reference.total, reference.included).included;
  if (JSON.stringify(actual.included) === JSON.stringify(ordered)) return undefined;
  return `${request}\nexpected included (in order) ${JSON.stringify(ordered)}\nactual   included (in order) ${JSON.stringify(actual.included)}`;
}

/**
 * Runs one collection case on a layer: `undefined` when it answers as expected,
 * otherwise what a developer needs to replay it — the request as a query string and
 * the expected and actual ids and totals (a layer that throws fails with its error).
 */
export async function checkCollectionCase(layer: DataLayer, example: CollectionCase, signal: AbortSignal): Promise<string | undefined> {
  const ast = parse(example.type, example.query);
  const request = `GET /${requireType(resolved, example.type).root}?${decodeQuery(example.query)}`;
  const counted = counts(layer, example.type);
  let result: ReadResult;
  try {
    const read = { type: example.type, filter: ast.filter, sort: ast.sort, ...pageWindow(ast.page), ...(counted ? {} : { withTotal: false }) };
    result = await layer.read(read, { signal });
  } catch (error) {
    return `${request}\nexpected ids ${list(example.expect.ids)} (total ${example.expect.total})\nthe layer threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  const ids = result.rows.map((row) => row.id);
  if ((!counted || result.total === example.expect.total) && list(ids) === list(example.expect.ids)) return undefined;
  return `${request}\nexpected ids ${list(example.expect.ids)} (total ${example.expect.total})\nactual ids   ${list(ids)} (total ${result.total})`;
}

const list = (ids: readonly Id[]): string => `[${ids.map((id) => JSON.stringify(id)).join(', ')}]`;

function parse(type: string, query: string): QueryAST {
  return parseQuery(query, { schema, type });
}

let reference: DataLayer | undefined;

/** The memory layer over the conformance dataset: the order of `included` every layer must give. */
function referenceLayer(): DataLayer {
  reference ??= createMemoryLayer(schema, conformanceData);
  return reference;
}

/** Why the layer's declaration says it does not answer a case's query (`undefined`: it does). */
function refusalIn(layer: DataLayer, type: string, query: string): string | undefined {
  try {
    return queryRefusal(layer, schema, parse(type, query));
  } catch {
    return undefined;
  }
}

/** Why the layer's declaration says it reads no keyset window of a case. */
function keysetRefusal(layer: DataLayer, example: KeysetCase): string | undefined {
  const target =
    example.related === undefined
      ? example.type
      : (requireType(resolved, example.type).relationships.get(example.related.relationship)?.target ?? example.type);
  const ast = parse(target, example.query);
  const sort = example.flipped === true ? flipSort(ast.sort) : ast.sort;
  return refusalOf(layer, schema, { type: target, filter: ast.filter, sort, offset: false, keyset: true, include: false });
}

/** The operators a case's query uses; a query the parser rejects uses none here and fails in its test. */
function operatorsIn(type: string, query: string): Operator[] {
  try {
    return operatorsOf(parse(type, query).filter);
  } catch {
    return [];
  }
}

/** `offset`/`limit` of a page, as the executor computes them. */
function pageWindow(page: Page | null): { offset: number; limit: number | null } {
  if (page === null) return { offset: 0, limit: null };
  return { offset: page.kind === 'offset' ? (page.number - 1) * page.size : 0, limit: page.size };
}

function relatedType(example: Pick<RelatedCase, 'type' | 'relationship'>): string {
  const relationship = requireType(resolved, example.type).relationships.get(example.relationship);
  if (relationship === undefined) throw new Error(`No relationship ${example.type}.${example.relationship}`);
  return relationship.target;
}

/** The request the executor sends for a related route: a to-one one is neither filtered, sorted nor paged. */
function relatedRequest(example: Pick<RelatedCase, 'type' | 'key' | 'relationship' | 'query'>) {
  const toMany = requireType(resolved, example.type).relationships.get(example.relationship)?.toMany ?? false;
  const ast = parse(relatedType(example), example.query);
  return {
    type: example.type,
    id: example.key,
    relationship: example.relationship,
    filter: toMany ? ast.filter : null,
    sort: ast.sort,
    ...(toMany ? pageWindow(ast.page) : { offset: 0, limit: null }),
  };
}

/** The id and every declared attribute of a row (a layer may hold more members). */
function declaredFields(type: string, row: Row): Record<string, unknown> {
  const fields: Record<string, unknown> = { id: row.id };
  for (const name of requireType(resolved, type).attributes.keys()) fields[name] = row[name];
  return fields;
}

/** Ids of the data in order, the total, and the included resources as `type:id`, in order. */
export function summarize(
  data: unknown,
  total: number | undefined,
  included: readonly { readonly type: string; readonly row: Row }[] | undefined,
): { ids: Id[]; total: number | undefined; included: string[] | undefined } {
  const resources = Array.isArray(data) ? (data as readonly { readonly row: Row }[]) : [];
  return {
    ids: resources.map((resource) => resource.row.id),
    total,
    included: included?.map((resource) => `${resource.type}:${String(resource.row.id)}`),
  };
}
