import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterNode } from '../../ast/filter-node.js';
import type { Handler } from '../../http/handler.js';
import type { PropertyOptions } from '../conformance/describe-options.js';
import { propertySettings } from '../conformance/differential-suite.js';
import type { RequestTally } from '../conformance/write-request-property.js';
import { writeRequestSchema } from '../conformance/write-request-schema.js';
import { arbitraryPolicy } from './arbitrary-policy.js';
import type { TwinDatasets } from './arbitrary-twin-datasets.js';
import { arbitraryWriteTwinDatasets } from './arbitrary-write-twin-datasets.js';
import { checkWriteNoninterference } from './check-write-noninterference.js';
import type { PolicyCase } from './describe-noninterference.js';
import type { Policy } from '../../policy/policy.js';

/** Requests a suite must have sent before it must have met both a written and a refused one. */
const MIXED_AFTER = 20;

/** Options of `describeWriteNoninterference`. */
export interface DescribeWriteNoninterferenceOptions {
  /** The suite's name in the test report. */
  readonly name: string;
  /** A writable handler (`writable: true`) serving exactly `data` of `schema` under `policy`. */
  makeHandler(served: PolicyCase): Handler | Promise<Handler>;
  /** Releases what `makeHandler` built (close connections, drop tables). */
  destroy?(handler: Handler): void | Promise<void>;
  /**
   * Random sequences of write requests per pair of twins (`numRuns`, default 20;
   * `JSONAPI_QUERY_RUNS`), each on two new handlers; pairs (`datasets`, default 5:
   * a random policy and twins each) and the seed (`JSONAPI_QUERY_SEED` replays a run).
   */
  readonly properties?: PropertyOptions;
  /** Most requests per sequence (default 6). */
  readonly maxRequests?: number;
}

/** A random policy for `writeRequestSchema` and twin datasets under it. */
export interface WriteNoninterferenceCase {
  readonly policy: Policy;
  readonly twins: TwinDatasets;
}

/**
 * Random cases of the write property: policies for `writeRequestSchema` whose row
 * filters do not read `id` (the id of a created row is the layer's: random on SQL
 * string keys, so such a filter would admit it by chance; docs/policies.md, "What
 * writes can reveal", W1), and twins under each (`arbitraryWriteTwinDatasets`) that
 * differ in something.
 *
 * @example
 * fc.sample(arbitraryWriteNoninterferenceCase(), { seed: 42, numRuns: 5 });
 */
export function arbitraryWriteNoninterferenceCase(): fc.Arbitrary<WriteNoninterferenceCase> {
  return arbitraryPolicy(writeRequestSchema)
    .filter((policy) => Object.values(policy.types).every((entry) => entry?.filter === undefined || !readsId(entry.filter as FilterNode)))
    .chain((policy) => arbitraryWriteTwinDatasets(writeRequestSchema, policy).map((twins): WriteNoninterferenceCase => ({ policy, twins })))
    .filter(({ twins }) => twins.changes.length > 0);
}

/** Whether a filter compares the `id` field anywhere. */
function readsId(node: FilterNode): boolean {
  switch (node.kind) {
    case 'compare':
      return node.field === 'id';
    case 'compare_fields':
      return node.field === 'id' || node.other === 'id';
    case 'and':
    case 'or':
      return node.nodes.some(readsId);
    case 'not':
    case 'any':
    case 'has':
      return readsId(node.node);
  }
}

/**
 * Registers the noninterference property for writes with vitest: for random
 * policies and twin datasets of `writeRequestSchema`, `checkWriteNoninterference`
 * sends random sequences of write requests to two writable handlers from
 * `makeHandler` and expects the same answers and the same state read back. Each pair
 * of twins is one test; a last test checks that requests were sent and, from 20 on,
 * that some were written and some refused. Call it at the top level of a test file.
 *
 * @example
 * describeWriteNoninterference({
 *   name: 'my layer',
 *   makeHandler: ({ schema, data, policy }) => createHandler({ schema, policy, writable: true, dataLayer: createMyLayer(schema, data) }),
 *   properties: { numRuns: 20 },
 * });
 */
export function describeWriteNoninterference(options: DescribeWriteNoninterferenceOptions): void {
  const settings = propertySettings(options.properties);
  describe(`write noninterference: ${options.name} (seed ${settings.seed}: replay with JSONAPI_QUERY_SEED=${settings.seed})`, () => {
    const cases = fc.sample(arbitraryWriteNoninterferenceCase(), { seed: settings.seed, numRuns: settings.datasets });
    const tally: RequestTally = { written: 0, refused: 0 };
    cases.forEach((entry, index) => {
      it(`twins ${index + 1}/${cases.length} (${entry.twins.changes.length} hidden changes): ${settings.numRuns} sequences of write requests`, async () => {
        try {
          const counted = await checkWriteNoninterference({
            ...entry,
            makeHandler: options.makeHandler,
            ...(options.destroy === undefined ? {} : { destroy: options.destroy }),
            seed: (settings.seed + index) | 0,
            numRuns: settings.numRuns,
            ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
          });
          tally.written += counted.written;
          tally.refused += counted.refused;
        } catch (error) {
          throw new Error(
            `${options.name}: twins ${index + 1} of seed ${settings.seed} (replay with JSONAPI_QUERY_SEED=${settings.seed}):\n` +
              (error instanceof Error ? error.message : String(error)),
            { cause: error },
          );
        }
      }, 600_000);
    });
    it(`requests were sent; of ${MIXED_AFTER} or more, some were written and some refused`, () => {
      const sent = tally.written + tally.refused;
      expect(sent).toBeGreaterThan(0);
      // A few short sequences may all be refused (or all written) by chance: only a longer run must have met both.
      if (sent >= MIXED_AFTER) {
        expect(tally.written).toBeGreaterThan(0);
        expect(tally.refused).toBeGreaterThan(0);
      }
    });
  });
}
