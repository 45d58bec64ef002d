/**
 * The oracle of the policy tests: a handler restricted by a policy over the whole
 * dataset must answer every request byte for byte as a plain handler over a schema that
 * lacks the hidden fields and a dataset that lacks the hidden rows (and links to them).
 */
import { expect } from 'vitest';
import type { ResourceSchema } from '../../src/schema/schema.js';
import type { Handler, HandlerRequest } from '../../src/http/index.js';
import { CURSOR_PROFILE } from '../../src/paging/cursor-profile.js';

export const CURSOR_ACCEPT = `application/vnd.api+json; profile="${CURSOR_PROFILE}"`;

/** One request of the comparison: a path, a query, and whether it asks for cursor pages. */
export type TwinRequest = readonly [path: string, query: string, cursor?: boolean];

/** `data` without the records `visible` refuses, without hidden fields, and with links to removed records dropped. */
export function visibleData(
  schema: ResourceSchema,
  data: Record<string, readonly Record<string, unknown>[]>,
  visible: (type: string, row: Record<string, unknown>) => boolean,
  hidden: Readonly<Record<string, readonly string[]>> = {},
): Record<string, Record<string, unknown>[]> {
  const kept = new Map(Object.entries(data).map(([type, rows]) => [type, new Set(rows.filter((row) => visible(type, row)).map((row) => String(row['id'])))]));
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const [type, rows] of Object.entries(data)) {
    const relationships = schema.types[type]?.relationships ?? {};
    result[type] = rows
      .filter((row) => kept.get(type)?.has(String(row['id'])))
      .map((row) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([field]) => !(hidden[type] ?? []).includes(field))
            .map(([field, value]) => {
              const relationship = relationships[field];
              if (relationship === undefined || value === null || value === undefined) return [field, value];
              const targets = kept.get(relationship.target);
              if (Array.isArray(value)) return [field, value.filter((id) => targets?.has(String(id)))];
              return [field, targets?.has(String(value)) === true ? value : null];
            }),
        ),
      );
  }
  return result;
}

/**
 * Sends each request to both handlers and expects the same status, headers and body;
 * a cursor request also follows its `next` links (the cursors must match too).
 */
export async function expectTwins(policied: Handler, plain: Handler, requests: readonly TwinRequest[]): Promise<void> {
  for (const [path, query, cursor] of requests) {
    let next: { path: string; query: string } | undefined = { path, query };
    for (let page = 0; next !== undefined && page < 4; page++) {
      const request: HandlerRequest = { method: 'GET', path: next.path, query: next.query, headers: cursor === true ? { accept: CURSOR_ACCEPT } : {} };
      const [actual, expected] = await Promise.all([policied(request), plain(request)]);
      expect(actual, `${next.path}?${next.query}`).toEqual(expected);
      next = cursor === true && actual.status === 200 ? nextLink(actual.body) : undefined;
    }
  }
}

function nextLink(body: string): { path: string; query: string } | undefined {
  const next = (JSON.parse(body) as { links?: { next?: string | null } }).links?.next;
  if (typeof next !== 'string') return undefined;
  const [path = '', query = ''] = next.split('?');
  return { path, query };
}
