/**
 * Requests against a server whose database goes away, and what their answers must
 * be: a 200, or a 503 `service_unavailable` with `Retry-After` that says nothing of
 * the driver's error; never a 500, never a dead server. `Ask` sends one request,
 * over HTTP or straight to a handler.
 */
import { expect } from 'vitest';

/** One answer: the status, its `Retry-After`, the body. */
export interface Answer {
  readonly path: string;
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: string;
}

/** Sends `GET path` and resolves with the answer; rejects when no answer came (a dead server). */
export type Ask = (path: string) => Promise<Answer>;

/** Requests costing one to three statements (a page, its count, an include, an existence check). */
export const LOAD_PATHS = [
  '/persons?include=computers&page[size]=5',
  '/persons/1',
  '/computers?sort=owner.name&page[size]=10',
  '/persons/1/computers',
  '/persons?filter[name]=John',
] as const;

/** Words of the drivers' messages for a dropped connection, which a client must never read. */
const DRIVER_TEXT = /terminat|administrator|killed|connection|closed|lost|ECONN|SQLITE|malformed/i;

/** Asserts that `answer` is a 200, or a 503 `service_unavailable` with `Retry-After: 1` and no driver text. */
export function expectOkOrRetry(answer: Answer): void {
  if (answer.status === 200) return;
  expect(answer.status, `${answer.path}: ${answer.body.slice(0, 300)}`).toBe(503);
  expect(answer.retryAfter, answer.path).toBe('1');
  const document = JSON.parse(answer.body) as { errors: { code: string; detail: string }[] };
  expect(document.errors.map((error) => error.code)).toEqual(['service_unavailable']);
  expect(answer.body).not.toMatch(DRIVER_TEXT);
}

/** Asserts that `answer` is a 503 `service_unavailable` with `Retry-After: 1` and no driver text. */
export function expectRetry(answer: Answer): void {
  expect(answer.status, `${answer.path}: ${answer.body.slice(0, 300)}`).toBe(503);
  expectOkOrRetry(answer);
}

/**
 * Asks `path` until a 200, allowing at most two 503s per connection the database
 * ended (each checked by `expectOkOrRetry`). A pool hands a dead connection out at
 * most twice: once before the driver has read the server's goodbye (the statement
 * fails with it), once more before it has read the end of the socket (the statement
 * fails at once, and the connection is marked dead); then the pool opens new ones.
 * Resolves with the number of 503s.
 */
export async function expectRecovers(ask: Ask, path: string, endedConnections: number): Promise<number> {
  for (let failures = 0; ; failures += 1) {
    const answer = await ask(path);
    expectOkOrRetry(answer);
    if (answer.status === 200) return failures;
    expect(failures + 1, `more 503s than twice the ${endedConnections} ended connections before a 200 on ${path}`).toBeLessThanOrEqual(
      2 * endedConnections,
    );
  }
}

/** Requests flowing from several clients at once, until `stop`. */
export interface Load {
  /** Resolves once `count` more answers have come in (rejects if a request got no answer). */
  more(count: number): Promise<void>;
  /** Stops the clients, waits for their last requests, and resolves with every answer. */
  stop(): Promise<readonly Answer[]>;
}

/** Starts `clients` loops, each asking the `LOAD_PATHS` in turn, one request at a time. */
export function startLoad(ask: Ask, clients = 4): Load {
  const answers: Answer[] = [];
  const waiters = new Set<{ target: number; resolve: () => void; reject: (error: unknown) => void }>();
  let failure: unknown;
  let stopped = false;
  const settle = (): void => {
    for (const waiter of waiters) {
      if (failure !== undefined) waiter.reject(failure);
      else if (answers.length >= waiter.target) waiter.resolve();
      else continue;
      waiters.delete(waiter);
    }
  };
  const loop = async (client: number): Promise<void> => {
    for (let turn = client; !stopped && failure === undefined; turn += 1) {
      try {
        answers.push(await ask(LOAD_PATHS[turn % LOAD_PATHS.length] ?? '/persons'));
      } catch (error) {
        failure = error;
      }
      settle();
    }
  };
  const loops = Array.from({ length: clients }, (_, client) => loop(client));
  return {
    more: (count) =>
      new Promise<void>((resolve, reject) => {
        waiters.add({ target: answers.length + count, resolve, reject });
        settle();
      }),
    async stop() {
      stopped = true;
      await Promise.all(loops);
      if (failure !== undefined) throw failure;
      return answers;
    },
  };
}
