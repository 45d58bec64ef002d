/**
 * A write hook's refusal (docs/writes.md, "Hooks"): thrown from a hook, it refuses
 * the whole list (the data layer rolls it back) and the client gets it as a JSON:API
 * error object, its `source.pointer` at the operation the hook ran for.
 */

/** The statuses a hook may refuse a write with. */
export type HookErrorStatus = 400 | 403 | 404 | 409 | 422;

/** What a hook's refusal says: the client reads every member. */
export interface HookErrorInit {
  readonly status: HookErrorStatus;
  /** The application's own machine-readable code, snake_case (`not_owner`). */
  readonly code: string;
  /** Default: `Write refused`. */
  readonly title?: string;
  readonly detail: string;
  /**
   * A JSON pointer into the operation (`/data/attributes/title`), appended to the
   * operation's place in the request document (`/atomic:operations/2`). Default: the
   * operation itself.
   */
  readonly pointer?: string;
}

const STATUSES: ReadonlySet<number> = new Set([400, 403, 404, 409, 422]);
const CODE = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Refuses a write from a hook with a JSON:API error. Any other error thrown by a hook
 * is a server failure: a logged 500 that tells the client nothing. A status outside
 * `HookErrorStatus`, a code that is not snake_case, or a pointer that does not start
 * with `/` throws a `RangeError` (so the request becomes that logged 500).
 *
 * @example
 * throw new HookError({ status: 403, code: 'not_owner', detail: 'Only the owner may delete this note.' });
 */
export class HookError extends Error {
  override readonly name = 'HookError';
  readonly status: HookErrorStatus;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly pointer: string | undefined;

  constructor(init: HookErrorInit) {
    if (!STATUSES.has(init.status)) throw new RangeError(`HookError: status ${String(init.status)} is not one of ${[...STATUSES].join(', ')}`);
    if (!CODE.test(init.code)) throw new RangeError(`HookError: code ${JSON.stringify(init.code)} is not snake_case (a letter, then letters, digits and _)`);
    if (init.pointer !== undefined && !init.pointer.startsWith('/')) throw new RangeError(`HookError: pointer ${JSON.stringify(init.pointer)} does not start with /`);
    super(init.detail);
    this.status = init.status;
    this.code = init.code;
    this.title = init.title ?? 'Write refused';
    this.detail = init.detail;
    this.pointer = init.pointer;
  }
}

/**
 * Tests for a `HookError` without `instanceof`, so one from another copy of the
 * package is recognised too.
 *
 * @example
 * if (isHookError(error)) error.status; // 403
 */
export function isHookError(error: unknown): error is HookError {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'HookError';
}
