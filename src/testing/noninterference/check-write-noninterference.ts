import fc from 'fast-check';
import type { Handler, HandlerRequest } from '../../http/handler.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import { handlerTwin, type Answer, type HandlerTwin, type ResourceState } from '../conformance/handler-twin.js';
import type { RequestTally } from '../conformance/write-request-property.js';
import { writeRequestSchema } from '../conformance/write-request-schema.js';
import { requestSpec, writeRequest, type Naming, type RequestSpec } from '../conformance/write-requests.js';
import type { TwinDatasets } from './arbitrary-twin-datasets.js';
import type { PolicyCase } from './describe-noninterference.js';
import { idKey, visibleIds } from './policy-view.js';
import { visibleSchema } from './visible-schema.js';
import type { Policy } from '../../policy/policy.js';

/** Options of `checkWriteNoninterference`. */
export interface CheckWriteNoninterferenceOptions {
  /** A policy for `writeRequestSchema` (`arbitraryPolicy(writeRequestSchema)`). */
  readonly policy: Policy;
  /** Twins of `writeRequestSchema` under the policy (`arbitraryWriteTwinDatasets`). */
  readonly twins: TwinDatasets;
  /** A writable handler serving `data` under `policy`; called twice (once per twin) for every sequence. */
  makeHandler(served: PolicyCase): Handler | Promise<Handler>;
  /** Releases what `makeHandler` built. */
  destroy?(handler: Handler): void | Promise<void>;
  /** The seed of the random sequences (print it to replay). */
  readonly seed: number;
  /** Random sequences of write requests (default 10), each on two new handlers. */
  readonly numRuns?: number;
  /** Most requests per sequence (default 6). */
  readonly maxRequests?: number;
  /** Replays one counterexample: the `path` a failure printed, with its seed. */
  readonly path?: string;
}

/**
 * The noninterference property for writes: random sequences of write requests
 * (`writeRequest`: every write route and Atomic Operations batches; valid, near-valid
 * and invalid; naming visible rows, rows hidden in both twins or in one, and missing
 * ones) are sent to two writable handlers, one per twin, each sequence on new
 * handlers. Every answer must be the same — status, every header and the body, once
 * the ids each twin generated for the same create are renamed (docs/policies.md,
 * "What writes can reveal", W1) — and after every request, so must everything the
 * requester can read back (every visible resource with its visible relationships).
 * Client ids name visible rows and rows both twins hold, never a row of one twin
 * only (W3). Resolves with how many requests were written and refused; rejects with
 * the shrunk counterexample.
 *
 * @example
 * const { written } = await checkWriteNoninterference({ policy, twins, seed: 42,
 *   makeHandler: ({ schema, data, policy }) => createHandler({ schema, policy, writable: true, dataLayer: createMemoryLayer(schema, data) }) });
 */
export async function checkWriteNoninterference(options: CheckWriteNoninterferenceOptions): Promise<RequestTally> {
  const { policy, twins } = options;
  const tally: RequestTally = { written: 0, refused: 0 };
  const shownSchema = resolveSchema(visibleSchema(writeRequestSchema, policy));
  const hidden = hiddenIds(policy, twins);
  const sequences = fc.array(requestSpec, { minLength: 1, maxLength: options.maxRequests ?? 6 });
  const details = await fc.check(
    fc.asyncProperty(sequences, async (specs) => {
      const handlers: Handler[] = [];
      try {
        for (const data of [twins.first, twins.second]) handlers.push(await options.makeHandler({ schema: writeRequestSchema, data, policy }));
        const twin = handlerTwin(shownSchema, handlers[0] as Handler, handlers[1] as Handler, { headers: 'all' });
        await runSequence(twin, specs, hidden, tally);
      } finally {
        for (const handler of handlers) await options.destroy?.(handler);
      }
    }),
    { seed: options.seed, numRuns: options.numRuns ?? 10, ...(options.path === undefined ? {} : { path: options.path }) },
  );
  if (!details.failed) return tally;
  const cause = details.errorInstance;
  throw new Error(
    `write noninterference violated after ${details.numRuns} sequences (seed ${details.seed}, path "${details.counterexamplePath ?? ''}": replay with ` +
      `checkWriteNoninterference({ …, seed: ${details.seed}, path: '${details.counterexamplePath ?? ''}' }))\n` +
      `${cause instanceof Error ? cause.message : String(cause)}\n` +
      `The twins differ in:\n${twins.changes.map((change) => `  ${change}`).join('\n')}\n` +
      `Policy: ${JSON.stringify(policy)}\nFirst dataset: ${JSON.stringify(twins.first)}\nSecond dataset: ${JSON.stringify(twins.second)}`,
    { cause },
  );
}

/** The ids of rows the requester cannot see, per type: those of either twin, and those both twins hold. */
interface HiddenIds {
  readonly any: ReadonlyMap<string, readonly string[]>;
  readonly shared: ReadonlyMap<string, readonly string[]>;
}

function hiddenIds(policy: Policy, twins: TwinDatasets): HiddenIds {
  const visible = visibleIds(writeRequestSchema, policy, twins.first);
  const any = new Map<string, string[]>();
  const shared = new Map<string, string[]>();
  for (const type of Object.keys(writeRequestSchema.types)) {
    const [inFirst, inSecond] = [twins.first, twins.second].map((data) => new Map((data[type] ?? []).map((row) => [idKey(row.id), String(row.id)])));
    const unseen = [...new Map([...(inFirst ?? []), ...(inSecond ?? [])])].filter(([key]) => visible.get(type)?.has(key) !== true);
    any.set(type, unseen.map(([, id]) => id));
    shared.set(type, unseen.filter(([key]) => inFirst?.has(key) === true && inSecond?.has(key) === true).map(([, id]) => id));
  }
  return { any, shared };
}

/**
 * Sends each request of a sequence to both twins; throws when an answer, or what the
 * requester reads back after it, differs. Hidden rows are not compared: a to-one
 * write or a delete may still change links to them (docs/policies.md, "What writes
 * can reveal", W2; a to-many keeps them, which test/policy/hidden-links.test.ts and
 * the conformance case `write-hidden-links` check).
 */
async function runSequence(twin: HandlerTwin, specs: readonly RequestSpec[], hidden: HiddenIds, tally: RequestTally): Promise<void> {
  let states = await twin.states();
  compareStates(states, 'before any request');
  const sent: string[] = [];
  for (const spec of specs) {
    const visible = new Map(Object.entries(states.reference).map(([type, resources]) => [type, resources.map((resource) => resource['id'] as string)]));
    const naming = (own: Naming['own']): Naming => ({
      existing: joined(visible, hidden.any),
      clientIds: joined(visible, hidden.shared),
      own,
    });
    const { reference, tested } = await twin.send((own) => writeRequest(spec, naming(own)));
    sent.push(requestLine(writeRequest(spec, naming((_, id) => id))));
    const [left, right] = [printed(reference), printed(tested)];
    if (left !== right) throw new Error(`${sent.join('\n')}\nfirst twin:  ${left}\nsecond twin: ${right}`);
    if (reference.status >= 400) tally.refused += 1;
    else tally.written += 1;
    states = await twin.states();
    compareStates(states, `after\n${sent.join('\n')}`);
  }
}

function compareStates(states: { reference: ResourceState; tested: ResourceState }, when: string): void {
  const [left, right] = [JSON.stringify(states.reference), JSON.stringify(states.tested)];
  if (left !== right) throw new Error(`what the requester reads back differs ${when}\nfirst twin:  ${left}\nsecond twin: ${right}`);
}

/** Per type, the ids of `first` then those of `second`. */
function joined(first: ReadonlyMap<string, readonly string[]>, second: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const types = new Set([...first.keys(), ...second.keys()]);
  return new Map([...types].map((type) => [type, [...(first.get(type) ?? []), ...(second.get(type) ?? [])]]));
}

/** An answer as compared: status, every header (sorted by name) and the document, in the first twin's ids. */
function printed(answer: Answer): string {
  return `${answer.status} ${JSON.stringify(answer.headers)}\n${answer.document === undefined ? '' : JSON.stringify(answer.document)}`;
}

/** A request as the first twin got it: `PATCH /books/3?include=author {…}`. */
function requestLine(request: HandlerRequest): string {
  const query = request.query === '' ? '' : `?${request.query}`;
  const ifMatch = request.headers['if-match'] === undefined ? '' : ` (If-Match: ${String(request.headers['if-match'])})`;
  return `${request.method} ${request.path}${query}${ifMatch}${request.body === undefined ? '' : ` ${String(request.body)}`}`;
}
