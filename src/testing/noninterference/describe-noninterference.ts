import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { Handler } from '../../http/handler.js';
import type { LimitOptions } from '../../limits.js';
import type { ResourceSchema } from '../../schema/schema.js';
import { arbitrarySchema } from '../arbitraries/arbitrary-schema.js';
import type { Dataset } from '../arbitraries/arbitrary-data.js';
import type { PropertyOptions } from '../conformance/describe-options.js';
import { propertySettings } from '../conformance/differential-suite.js';
import { arbitraryPolicy } from './arbitrary-policy.js';
import { arbitraryTwinDatasets, type TwinDatasets } from './arbitrary-twin-datasets.js';
import { checkNoninterference } from './check-noninterference.js';
import type { Policy } from '../../policy/policy.js';

/** What `makeHandler` serves: one dataset of a schema under a policy. */
export interface PolicyCase {
  readonly schema: ResourceSchema;
  readonly data: Dataset;
  readonly policy: Policy;
}

/** Options of `describeNoninterference`. */
export interface DescribeNoninterferenceOptions {
  /** The suite's name in the test report. */
  readonly name: string;
  /** A handler serving exactly `data` of `schema` to a requester under `policy`. */
  makeHandler(served: PolicyCase): Handler | Promise<Handler>;
  /** Releases what `makeHandler` built (close connections, drop tables). */
  destroy?(handler: Handler): void | Promise<void>;
  /**
   * Random requests per pair of twins (`numRuns`, default 20; `JSONAPI_QUERY_RUNS`),
   * pairs (`datasets`, default 5: random schema, policy and twins each) and the seed
   * (`JSONAPI_QUERY_SEED` replays a run; default a fresh one, printed in the test name).
   */
  readonly properties?: PropertyOptions;
  /** The handler's limits, so that valid queries stay valid. */
  readonly limits?: LimitOptions;
}

/** One random schema, a policy for it and twin datasets under that policy. */
export interface NoninterferenceCase {
  readonly schema: ResourceSchema;
  readonly policy: Policy;
  readonly twins: TwinDatasets;
}

/**
 * Random noninterference cases: random schemas, random policies for them, and twin
 * datasets under each policy.
 *
 * @example
 * fc.sample(arbitraryNoninterferenceCase(), { seed: 42, numRuns: 5 });
 */
export function arbitraryNoninterferenceCase(): fc.Arbitrary<NoninterferenceCase> {
  return arbitrarySchema().chain((schema) =>
    arbitraryPolicy(schema).chain((policy) =>
      arbitraryTwinDatasets(schema, policy).map((twins): NoninterferenceCase => ({ schema, policy, twins })),
    ),
  );
}

/**
 * Registers the noninterference property with vitest: for random schemas, policies
 * and twin datasets (equal in everything the policy shows, different in what it
 * hides), two handlers from `makeHandler` must answer every random read request
 * (`arbitraryReadRequest`: every route, valid, near-valid and hostile query strings)
 * byte for byte alike. A failure prints the seed to replay, the request, both
 * responses and the twins. Call it at the top level of a test file.
 *
 * @example
 * describeNoninterference({
 *   name: 'my layer',
 *   makeHandler: ({ schema, data, policy }) => createHandler({ schema, policy, dataLayer: createMyLayer(schema, data) }),
 *   properties: { numRuns: 50 },
 * });
 */
export function describeNoninterference(options: DescribeNoninterferenceOptions): void {
  const settings = propertySettings(options.properties);
  describe(`noninterference: ${options.name} (seed ${settings.seed}: replay with JSONAPI_QUERY_SEED=${settings.seed})`, () => {
    const cases = fc.sample(arbitraryNoninterferenceCase(), { seed: settings.seed, numRuns: settings.datasets });
    cases.forEach((entry, index) => {
      const types = Object.keys(entry.schema.types);
      it(
        `twins ${index + 1}/${cases.length} (${types.join(', ')}; ${entry.twins.changes.length} hidden changes): ${settings.numRuns} requests`,
        async () => {
          const handlers: Handler[] = [];
          try {
            for (const data of [entry.twins.first, entry.twins.second]) {
              handlers.push(await options.makeHandler({ schema: entry.schema, data, policy: entry.policy }));
            }
            await checkNoninterference({
              ...entry,
              first: handlers[0] as Handler,
              second: handlers[1] as Handler,
              seed: (settings.seed + index) | 0,
              numRuns: settings.numRuns,
              ...(options.limits === undefined ? {} : { limits: options.limits }),
            });
          } catch (error) {
            throw new Error(
              `${options.name}: twins ${index + 1} of seed ${settings.seed} (replay with JSONAPI_QUERY_SEED=${settings.seed}):\n` +
                (error instanceof Error ? error.message : String(error)),
              { cause: error },
            );
          } finally {
            for (const handler of handlers) await options.destroy?.(handler);
          }
        },
        600_000,
      );
    });
  });
}
