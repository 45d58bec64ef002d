/**
 * The signal of work given none: it never aborts, so one serves every call (a layer
 * that listens to it removes its listener when done, as the built-in layers do), and
 * no request pays for an `AbortController` of its own.
 *
 * @example
 * await layer.readOne('person', '1', { signal: request.signal ?? NEVER_ABORTED });
 */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;
