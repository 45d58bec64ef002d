import fc from 'fast-check';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { arbitraryFilter } from '../arbitraries/arbitrary-filter.js';
import type { Policy, TypePolicy } from '../../policy/policy.js';

/** Options of `arbitraryPolicy`. */
export interface ArbitraryPolicyOptions {
  /** Most nested and/or/not levels of a row filter (default 2). */
  readonly maxFilterDepth?: number;
}

/**
 * Random read policies for a schema: per type, often nothing; otherwise a row filter
 * on the type's own fields (comparisons of every operator, `and`/`or`/`not`, hidden
 * attributes among them: a tenant column the requester never sees), hidden
 * attributes and hidden relationships, or both. Row filters do not follow
 * relationships (`any`/`has`), so which rows a requester sees depends on each row
 * alone.
 *
 * @example
 * fc.assert(fc.asyncProperty(arbitraryPolicy(schema), async (policy) => {
 *   createHandler({ schema, dataLayer, policy });
 * }));
 */
export function arbitraryPolicy(schema: ResourceSchema, options: ArbitraryPolicyOptions = {}): fc.Arbitrary<Policy> {
  const types = [...resolveSchema(schema).types.values()];
  const perType = types.map((type) => {
    const names = [...type.attributes.keys(), ...type.relationships.keys()];
    const filter = fc.option(arbitraryFilter(schema, type.name, { maxHops: 0, maxDepth: options.maxFilterDepth ?? 2 }), {
      nil: undefined,
      freq: 3,
    });
    const hidden = names.length === 0 ? fc.constant([]) : fc.subarray(names, { maxLength: Math.max(1, names.length - 1) });
    const entry = fc
      .record({ filter, hidden })
      .map(({ filter: chosen, hidden: names }): TypePolicy | undefined => {
        if (chosen === undefined && names.length === 0) return undefined;
        return { ...(chosen === undefined ? {} : { filter: chosen }), ...(names.length === 0 ? {} : { hidden: names }) };
      });
    return fc.option(entry, { nil: undefined, freq: 5 }).map((chosen) => chosen ?? undefined);
  });
  return fc.tuple(...perType).map((entries): Policy => {
    const policyTypes: Record<string, TypePolicy> = {};
    types.forEach((type, index) => {
      const entry = entries[index];
      if (entry !== undefined) policyTypes[type.name] = entry;
    });
    return { types: policyTypes };
  });
}
