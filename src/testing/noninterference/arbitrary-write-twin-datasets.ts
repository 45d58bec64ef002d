import type fc from 'fast-check';
import type { Id, Row } from '../../layers/data-layer.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import type { Dataset } from '../arbitraries/arbitrary-data.js';
import { arbitraryTwinDatasets, type ArbitraryTwinDatasetsOptions, type TwinDatasets } from './arbitrary-twin-datasets.js';
import { idKey, policyView, visibleRows } from './policy-view.js';
import type { Policy } from '../../policy/policy.js';

/**
 * Twin datasets for the write property (`arbitraryTwinDatasets`), with every row that
 * only one twin holds moved out of the ids a layer generates: an integer id `n`
 * becomes `-1 - n`, a string id `s` becomes `hidden-s`. A layer generates positive
 * integers past the largest it holds (memory, SQL identities) or decimal text
 * (memory) or UUIDs (SQL), so both twins generate their ids from the same rows, and
 * a generated id never lands on a row of one twin only (docs/policies.md, "What
 * writes can reveal", W1). A moved row that the row filter would then admit (a
 * filter on `id`) is dropped with its links instead; the twins' views stay equal.
 *
 * @example
 * fc.sample(arbitraryWriteTwinDatasets(schema, policy), 1)[0].second.person; // one-twin rows: ids -8, 'hidden-x'
 */
export function arbitraryWriteTwinDatasets(
  schema: ResourceSchema,
  policy: Policy,
  options: ArbitraryTwinDatasetsOptions = {},
): fc.Arbitrary<TwinDatasets> {
  return arbitraryTwinDatasets(schema, policy, options).map((twins) => separateHiddenIds(schema, policy, twins));
}

/** `twins` with the ids of rows only one of them holds moved out of the generated range (see `arbitraryWriteTwinDatasets`). */
export function separateHiddenIds(schema: ResourceSchema, policy: Policy, twins: TwinDatasets): TwinDatasets {
  const resolved = resolveSchema(schema);
  const keysOf = (data: Dataset, type: string): Set<string> => new Set((data[type] ?? []).map((row) => idKey(row.id)));
  const moved = (data: Dataset, other: Dataset): Dataset => {
    const renamed = new Map<string, Map<string, Id | null>>();
    for (const type of resolved.types.values()) {
      const shared = keysOf(other, type.name);
      const names = new Map<string, Id | null>();
      for (const row of data[type.name] ?? []) {
        if (shared.has(idKey(row.id))) continue;
        const id: Id = typeof row.id === 'number' ? -1 - Math.abs(row.id) : `hidden-${row.id}`;
        names.set(idKey(row.id), visibleRows(schema, policy, type.name, [{ ...row, id }]).length > 0 ? null : id);
      }
      renamed.set(type.name, names);
    }
    const rename = (type: string, id: Id): Id | null => {
      const name = renamed.get(type)?.get(idKey(id));
      return name === undefined ? id : name;
    };
    return Object.fromEntries(
      Object.entries(data).map(([typeName, rows]) => {
        const type = resolved.types.get(typeName);
        const kept = rows.flatMap((row): Row[] => {
          const id = rename(typeName, row.id);
          if (id === null) return [];
          const links = [...(type?.relationships.values() ?? [])].map((relationship) => {
            const value = row[relationship.name];
            if (Array.isArray(value)) return [relationship.name, (value as Id[]).map((target) => rename(relationship.target, target)).filter((target) => target !== null)];
            return [relationship.name, value === null || value === undefined ? value : rename(relationship.target, value as Id)];
          });
          return [{ ...row, id, ...Object.fromEntries(links) } as Row];
        });
        return [typeName, kept];
      }),
    );
  };
  const first = moved(twins.first, twins.second);
  const second = moved(twins.second, twins.first);
  if (policyView(schema, policy, first) !== policyView(schema, policy, second)) {
    throw new Error('separateHiddenIds: moving the rows of one twin changed what the requester sees');
  }
  const movedAny = [first, second].some((data, index) => JSON.stringify(data) !== JSON.stringify(index === 0 ? twins.first : twins.second));
  return { first, second, changes: movedAny ? [...twins.changes, 'ids of the rows of one twin only moved out of the generated range'] : twins.changes };
}
