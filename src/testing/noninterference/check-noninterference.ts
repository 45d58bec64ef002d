import fc from 'fast-check';
import type { Handler, HandlerResponse } from '../../http/handler.js';
import type { LimitOptions } from '../../limits.js';
import type { ResourceSchema } from '../../schema/schema.js';
import type { Dataset } from '../arbitraries/arbitrary-data.js';
import { arbitraryReadRequest, type ReadRequestLine } from './arbitrary-read-request.js';
import type { TwinDatasets } from './arbitrary-twin-datasets.js';
import type { Policy } from '../../policy/policy.js';

/** Options of `checkNoninterference`. */
export interface CheckNoninterferenceOptions {
  readonly schema: ResourceSchema;
  readonly policy: Policy;
  readonly twins: TwinDatasets;
  /** The handler serving `twins.first` under the policy. */
  readonly first: Handler;
  /** The handler serving `twins.second` under the policy. */
  readonly second: Handler;
  /** The seed of the random requests (print it to replay). */
  readonly seed: number;
  /** Random requests (default 100). */
  readonly numRuns?: number;
  /** Replays one counterexample: the `path` a failure printed, with its seed. */
  readonly path?: string;
  /** The handlers' limits, so that valid queries stay valid. */
  readonly limits?: LimitOptions;
}

/** A response as compared: status, headers (sorted by name) and body text. */
function printed(response: HandlerResponse): string {
  const headers = Object.fromEntries(Object.entries(response.headers).sort(([a], [b]) => (a < b ? -1 : 1)));
  return `${response.status} ${JSON.stringify(headers)}\n${response.body}`;
}

/**
 * Sends random read requests (`arbitraryReadRequest`) to two handlers serving twin
 * datasets under one policy, and rejects unless every response is byte-identical —
 * status, headers and body — and so is the response to each `next`/`prev` link a
 * page gives. The rejection is the shrunk counterexample: the seed and path that
 * replay it, the request, both responses, the changes that make the twins differ,
 * and the schema, policy and both datasets.
 *
 * @example
 * await checkNoninterference({ schema, policy, twins, seed: 42,
 *   first: handlerWithPolicy({ schema, policy, dataLayer: createMemoryLayer(schema, twins.first) }),
 *   second: handlerWithPolicy({ schema, policy, dataLayer: createMemoryLayer(schema, twins.second) }) });
 */
export async function checkNoninterference(options: CheckNoninterferenceOptions): Promise<void> {
  const { schema, policy, twins } = options;
  const requests = arbitraryReadRequest(schema, policy, {
    data: merged(twins.first, twins.second),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  const details = await fc.check(
    fc.asyncProperty(requests, async (request) => {
      await compareResponses(options.first, options.second, request, 1);
    }),
    { seed: options.seed, numRuns: options.numRuns ?? 100, ...(options.path === undefined ? {} : { path: options.path }) },
  );
  if (!details.failed) return;
  const cause = details.errorInstance;
  throw new Error(
    `noninterference violated after ${details.numRuns} requests (seed ${details.seed}, path "${details.counterexamplePath ?? ''}": replay with ` +
      `checkNoninterference({ …, seed: ${details.seed}, path: '${details.counterexamplePath ?? ''}' }))\n` +
      `${cause instanceof Error ? cause.message : String(cause)}\n` +
      `The twins differ in:\n${twins.changes.map((change) => `  ${change}`).join('\n')}\n` +
      `Policy: ${JSON.stringify(policy)}\nSchema: ${JSON.stringify(schema)}\n` +
      `First dataset: ${JSON.stringify(twins.first)}\nSecond dataset: ${JSON.stringify(twins.second)}`,
    { cause },
  );
}

/** Sends one request to both handlers; throws with both responses when they differ. Follows `next`/`prev` links `follow` levels deep. */
async function compareResponses(first: Handler, second: Handler, request: ReadRequestLine, follow: number): Promise<void> {
  const sent = { method: 'GET', path: request.path, query: request.query, headers: { accept: 'application/vnd.api+json' } };
  const [one, two] = await Promise.all([first(sent), second(sent)]);
  const left = printed(one);
  const right = printed(two);
  if (left !== right) {
    throw new Error(`GET ${request.path}${request.query === '' ? '' : `?${request.query}`}\nfirst twin:  ${left}\nsecond twin: ${right}`);
  }
  if (follow === 0 || one.status !== 200) return;
  for (const link of pageLinks(one.body)) await compareResponses(first, second, link, follow - 1);
}

/** The `next` and `prev` links of a document, as request lines. */
function pageLinks(body: string): ReadRequestLine[] {
  const links = (JSON.parse(body) as { links?: Record<string, unknown> }).links ?? {};
  return [links['next'], links['prev']]
    .filter((link): link is string => typeof link === 'string')
    .map((link) => {
      const url = new URL(link, 'http://noninterference.invalid');
      return { path: url.pathname, query: url.search.slice(1) };
    });
}

/** Both datasets' rows per type, for ids and values to draw from. */
function merged(first: Dataset, second: Dataset): Dataset {
  const types = new Set([...Object.keys(first), ...Object.keys(second)]);
  return Object.fromEntries([...types].map((type) => [type, [...(first[type] ?? []), ...(second[type] ?? [])]]));
}
