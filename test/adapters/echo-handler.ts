/**
 * A handler that answers with what it received, to prove what an adapter passes
 * through (raw path, raw query, lower-cased headers, the abort signal) apart from
 * what `createHandler` does with it.
 */
import type { HandlerRequest, HandlerResponse } from '../../src/http/handler.js';

export interface EchoBody {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

export interface EchoHandler {
  (request: HandlerRequest): Promise<HandlerResponse>;
  /** Resolves when a request to `/hang` has reached the handler and waits. */
  readonly hanging: Promise<void>;
  /** Resolves with `true` when the request to `/hang` saw its signal abort. */
  readonly aborted: Promise<boolean>;
}

/** `/hang` never answers until the client goes away; `/fail` rejects; anything else echoes. */
export function createEchoHandler(): EchoHandler {
  let sawAbort: (value: boolean) => void = () => undefined;
  let reached: () => void = () => undefined;
  const hanging = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const aborted = new Promise<boolean>((resolve) => {
    sawAbort = resolve;
  });
  const handler = async (request: HandlerRequest): Promise<HandlerResponse> => {
    if (request.path.endsWith('/fail')) throw new Error('secret internal detail');
    if (request.path.endsWith('/hang')) {
      reached();
      const signal = request.signal;
      if (signal === undefined) {
        sawAbort(false);
      } else {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        sawAbort(signal.aborted);
      }
      return { status: 499, headers: {}, body: '' };
    }
    const body: EchoBody = {
      method: request.method,
      path: request.path,
      query: request.query,
      headers: request.headers,
    };
    return {
      status: 203,
      headers: { 'content-type': 'application/vnd.api+json', 'x-echo': 'yes' },
      body: request.method === 'HEAD' ? '' : JSON.stringify(body),
    };
  };
  return Object.assign(handler, { hanging, aborted });
}
