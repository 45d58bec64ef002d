/**
 * The conformance kit catches a custom layer that builds its `like` regular
 * expression without escaping metacharacters (only the backslash is handled, so
 * `like 'SN1.02'` matches `SN1002`, `like '(x'` throws, and an escaped `-` is an
 * invalid `\-` under the `u` flag), both in the example cases and in the
 * differential run.
 */
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../src/ast/filter-node.js';
import type { DataLayer, Row } from '../../src/layers/data-layer.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { resolveSchema } from '../../src/schema/resolved-schema.js';
import type { ResourceSchema } from '../../src/schema/schema.js';
import { COLLECTION_CASES } from '../../src/testing/conformance/collection-cases.js';
import { conformanceData } from '../../src/testing/conformance/conformance-data.js';
import { conformanceSchema } from '../../src/testing/conformance/conformance-schema.js';
import { compareQueries, randomDatasets, sweepOperators } from '../../src/testing/conformance/differential-suite.js';
import { checkCollectionCase, EXAMPLE_CASE_IDS } from '../../src/testing/conformance/example-suite.js';
import { skipTable } from '../../src/testing/conformance/skip-table.js';

const LIKE_OPS = new Set(['like', 'ilike', 'notlike', 'notilike']);

/**
 * The bug: `%` and `_` become `.*` and `.`, `\%`, `\_` and `\\` their characters, and of
 * the characters a regular expression reserves only the backslash is escaped.
 */
function naiveRegex(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    let char = pattern[index] as string;
    if (char === '\\') char = pattern[(index += 1)] ?? '';
    else if (char === '%' || char === '_') {
      source += char === '%' ? '.*' : '.';
      continue;
    }
    source += char === '\\' ? '\\\\' : char;
  }
  return new RegExp(`^${source}$`, 'u');
}

/** The memory layer, except that `like` and its family go through `naiveRegex` over the layer's own rows. */
function brokenLikeLayer(schema: ResourceSchema, data: Readonly<Record<string, readonly Row[]>>): DataLayer {
  const memory = createMemoryLayer(schema, data);
  const resolved = resolveSchema(schema);
  const rewrite = (node: FilterNode, type: string): FilterNode => {
    switch (node.kind) {
      case 'compare': {
        if (!LIKE_OPS.has(node.op)) return node;
        const folded = node.op.includes('ilike');
        const regex = naiveRegex(folded ? String(node.value).toLowerCase() : String(node.value));
        const negated = node.op.startsWith('not');
        const matches = (value: unknown): boolean =>
          typeof value === 'string' && regex.test(folded ? value.toLowerCase() : value) !== negated;
        const ids = (data[type] ?? []).filter((row) => matches(row[node.field])).map((row) => row.id);
        // `field ne field` is false, or unknown on a null field: the like's own null logic.
        return {
          kind: 'or',
          nodes: [
            { kind: 'compare', field: 'id', op: 'in_', value: ids },
            { kind: 'compare_fields', field: node.field, op: 'ne', other: node.field },
          ],
        };
      }
      case 'and':
      case 'or':
        return { kind: node.kind, nodes: node.nodes.map((child) => rewrite(child, type)) };
      case 'not':
        return { kind: 'not', node: rewrite(node.node, type) };
      case 'any':
      case 'has': {
        const target = resolved.types.get(type)?.relationships.get(node.relationship)?.target ?? type;
        return { ...node, node: rewrite(node.node, target) } as FilterNode;
      }
      case 'compare_fields':
        return node;
    }
  };
  const fix = <R extends { type: string; filter: FilterNode | null }>(request: R): R =>
    request.filter === null ? request : { ...request, filter: rewrite(request.filter, request.type) };
  return {
    ...memory,
    read: (request, context) => memory.read(fix(request), context),
  };
}

describe('a custom layer with a naive like regex', () => {
  const layer = brokenLikeLayer(conformanceSchema, conformanceData);
  const signal = new AbortController().signal;

  it('fails the metacharacter cases, each reported with its query string and the expected and actual ids', async () => {
    const failures = new Map<string, string>();
    for (const example of COLLECTION_CASES) {
      const failure = await checkCollectionCase(layer, example, signal);
      if (failure !== undefined) failures.set(example.id, failure);
    }
    expect([...failures.keys()].filter((id) => !id.startsWith('meta-'))).toEqual([]);
    expect(failures.get('meta-like-n01')).toBe(
      'GET /notes?filter=[{"name":"text","op":"like","val":"SN1.02"}]\n' +
        'expected ids ["n01"] (total 1)\n' +
        'actual ids   ["n01", "n02"] (total 2)',
    );
    expect(failures.get('meta-like-open-paren')).toMatch(
      /^GET \/notes\?filter=\[\{"name":"text","op":"like","val":"\(%"\}\]\nexpected ids \["n03"\] \(total 1\)\nthe layer threw: SyntaxError: Invalid regular expression/,
    );
    expect(failures.size).toBeGreaterThanOrEqual(20);
  });

  it('fails the differential run, whose random values hold metacharacters', async () => {
    const seed = 7;
    const failures: string[] = [];
    for (const [index, dataset] of randomDatasets({ seed, numRuns: 40, datasets: 5 }).entries()) {
      const reference = createMemoryLayer(dataset.schema, dataset.data);
      const broken = brokenLikeLayer(dataset.schema, dataset.data);
      const skips = skipTable(undefined, EXAMPLE_CASE_IDS);
      // The random queries, then the sweep of single comparisons per operator, as the kit runs them.
      await compareQueries(dataset, reference, broken, skips, seed + index, 40)
        .then(() => sweepOperators(dataset, reference, broken, skips, seed + index, 7))
        .catch((error: unknown) => {
          // fast-check reports the property's own error as the cause.
          failures.push(error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error));
        });
    }
    expect(failures.length).toBeGreaterThan(0);
    // Either a differing answer, reported as a request line and both answers, or the layer's own regex failing.
    expect(failures[0]).toMatch(/^GET \/\S+\?.*\nexpected \(memory layer\): .*\ngot: |^Invalid regular expression/);
  });
});
