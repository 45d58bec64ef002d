import type { KeyValue, SortKey } from '../../ast/query-ast.js';
import type { DataLayer, Id } from '../../layers/data-layer.js';
import { parseQuery } from '../../parse/parse-query.js';
import { flipDirection } from '../../rules/sort-direction.js';
import { sortText } from '../../rules/sort-key-text.js';
import { requireType, resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { conformanceSchema } from './conformance-schema.js';
import type { KeysetCase } from './keyset-cases.js';
import { counts } from './layer-refusal.js';

const schema: ResourceSchema = conformanceSchema;
const resolved = resolveSchema(schema);

/** What a window read gave, in the shape of a case's `expect`. */
interface Outcome {
  readonly ids: readonly Id[];
  readonly keys: readonly (readonly KeyValue[])[] | undefined;
  readonly total: number | undefined;
}

/**
 * Every direction of a sort flipped, `id` included: how the executor reads a page
 * backwards (docs/data-layer.md).
 */
export function flipSort(sort: readonly SortKey[]): SortKey[] {
  return sort.map((key) => ({ ...key, direction: flipDirection(key.direction) }));
}

/** The request, its description, and how to read it (collection, or related read and linkage that must agree). */
async function readWindow(layer: DataLayer, example: KeysetCase, signal: AbortSignal): Promise<{ text: string; outcome: Outcome | string }> {
  const target = targetOf(example);
  const ast = parseQuery(example.query, { schema, type: target });
  const sort = example.flipped === true ? flipSort(ast.sort) : ast.sort;
  const request = {
    filter: ast.filter,
    sort,
    offset: 0,
    limit: example.limit,
    keyset: example.keyset,
    ...(example.withTotal === undefined && counts(layer, target) ? {} : { withTotal: false }),
  };
  const window = `sort=${sortText(sort)}${ast.filter === null ? '' : ' (filtered)'} keyset ${JSON.stringify(example.keyset)} limit ${String(example.limit)}${example.withTotal === false ? ' withTotal false' : ''}`;
  if (example.related === undefined) {
    const result = await layer.read({ type: example.type, ...request }, { signal });
    return { text: `read ${example.type} ${window}`, outcome: { ids: result.rows.map((row) => row.id), keys: result.keys, total: result.total } };
  }
  const related = { type: example.type, id: example.related.key, relationship: example.related.relationship, ...request };
  const text = `readRelated/readLinkage ${example.type} ${JSON.stringify(example.related.key)} ${example.related.relationship} ${window}`;
  const rows = await layer.readRelated(related, { signal });
  const linkage = await layer.readLinkage(related, { signal });
  if (rows === null || linkage === null) return { text, outcome: `the owner was not found (readRelated ${String(rows)}, readLinkage ${String(linkage)})` };
  const outcome = { ids: rows.rows.map((row) => row.id), keys: rows.keys, total: rows.total };
  const linked = { ids: linkage.ids, keys: linkage.keys, total: linkage.total };
  if (JSON.stringify(linked) !== JSON.stringify(outcome)) {
    return { text, outcome: `readRelated and readLinkage disagree:\nreadRelated ${describe(outcome)}\nreadLinkage ${describe(linked)}` };
  }
  return { text, outcome };
}

/** The type whose rows a case reads: the related type on a related route. */
function targetOf(example: KeysetCase): string {
  if (example.related === undefined) return example.type;
  return requireType(resolved, example.type).relationships.get(example.related.relationship)?.target ?? example.type;
}

function describe(outcome: Outcome): string {
  return `ids ${JSON.stringify(outcome.ids)} keys ${JSON.stringify(outcome.keys)} (total ${String(outcome.total)})`;
}

/**
 * Runs one keyset case on a layer: `undefined` when it answers as expected,
 * otherwise the request and the expected and actual ids, keys and totals (a total
 * is only checked when the case counts, or when the layer gives one anyway).
 */
export async function checkKeysetCase(layer: DataLayer, example: KeysetCase, signal: AbortSignal): Promise<string | undefined> {
  const expected: Outcome = example.expect;
  let read: { text: string; outcome: Outcome | string };
  try {
    read = await readWindow(layer, example, signal);
  } catch (error) {
    return `${example.type} ${example.query} keyset ${JSON.stringify(example.keyset)}\nexpected ${describe(expected)}\nthe layer threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  const { text, outcome } = read;
  if (typeof outcome === 'string') return `${text}\n${outcome}`;
  const totalChecked = counts(layer, targetOf(example)) && (example.withTotal !== false || outcome.total !== undefined);
  const same =
    JSON.stringify(outcome.ids) === JSON.stringify(expected.ids) &&
    JSON.stringify(outcome.keys) === JSON.stringify(expected.keys) &&
    (!totalChecked || outcome.total === expected.total);
  return same ? undefined : `${text}\nexpected ${describe(expected)}\nactual   ${describe(outcome)}`;
}
