/**
 * The development route `GET /__explain/<route>?<query>` (`createExplainHandler`):
 * serves `<route>?<query>` as usual and answers with what it meant and cost — the
 * resolved AST, its canonical query string, the data-layer calls, the SQL statements
 * with parameters (and plans with the header `Explain-Plan: true`), and the response
 * itself. See docs/explorer.md.
 */
import { createHandler, type Handler, type HandlerOptions, type HandlerRequest, type HandlerResponse } from '../http/handler.js';
import type { LimitOptions } from '../limits.js';
import type { ResourceSchema } from '../schema/schema.js';
import { stringifyQuery } from '../stringify/stringify-query.js';
import { explanationOf } from './explanation.js';
import { observedLayer } from './observed-layer.js';
import { noteAst, record, type Recording } from './recorder.js';

/** The path prefix of the route. */
export const EXPLAIN_PREFIX = '/__explain';

/**
 * `createHandler` with the explain route in front: the data layer is observed and
 * each request's QueryAST noted, so `/__explain/<route>` can say what `<route>` did.
 * A development tool (Node's `AsyncLocalStorage` keeps concurrent requests apart);
 * build the SQL layer over `explainable(db)` to see its statements too.
 *
 * @example
 * const handle = createExplainHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData) });
 * await handle({ method: 'GET', path: '/__explain/persons', query: 'include=computers', headers: {} });
 */
export function createExplainHandler<S extends ResourceSchema>(options: HandlerOptions<S>): Handler;
export function createExplainHandler(options: HandlerOptions): Handler {
  const { onQuery } = options;
  const handle = createHandler({
    ...options,
    dataLayer: observedLayer(options.dataLayer),
    onQuery: (ast, request) => {
      noteAst(ast);
      onQuery?.(ast, request);
    },
  });
  return withExplainRoute(handle, options.limits);
}

/** Answers `/__explain/<route>` by running `<route>` through `handle` while recording. */
function withExplainRoute(handle: Handler, limits: LimitOptions | undefined): Handler {
  return async (request) => {
    const { path } = request;
    if (path !== EXPLAIN_PREFIX && !path.startsWith(`${EXPLAIN_PREFIX}/`)) return handle(request);
    if (request.method !== 'GET') return handle(request);
    const inner: HandlerRequest = { ...request, path: path.slice(EXPLAIN_PREFIX.length) || '/' };
    const { result, recording } = await record(() => handle(inner));
    return explained(result, recording, request, limits);
  };
}

async function explained(
  response: HandlerResponse,
  recording: Recording,
  request: HandlerRequest,
  limits: LimitOptions | undefined,
): Promise<HandlerResponse> {
  const plan = /^\s*true\s*$/i.test(String(request.headers['explain-plan'] ?? ''));
  // The plan is a development aid: an engine that cannot plan a statement says why beside the rest.
  let planError: string | undefined;
  const explanation = await explanationOf(recording, plan).catch(async (error: unknown) => {
    planError = error instanceof Error ? error.message : String(error);
    return explanationOf(recording, false);
  });
  const body = {
    status: response.status,
    ...(planError === undefined ? {} : { planError }),
    canonical: explanation.ast === undefined ? null : stringifyQuery(explanation.ast, limits === undefined ? {} : { limits }),
    ...explanation,
    document: response.body === '' ? null : (JSON.parse(response.body) as unknown),
  };
  return {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}
