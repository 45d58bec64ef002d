/**
 * The seed of every property and fuzz test: fixed by default so a CI run is
 * deterministic, `JSONAPI_QUERY_SEED=<integer>` to replay one, and
 * `JSONAPI_QUERY_SEED=random` (what `npm run test:fuzz` sets) for a fresh one.
 */

/** The default seed: every run without `JSONAPI_QUERY_SEED` draws the same values. */
export const FIXED_SEED = 20_240_601;

/** The seed for a value of `JSONAPI_QUERY_SEED`. */
export function seedFrom(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return FIXED_SEED;
  if (text.trim() === 'random') return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new Error(`JSONAPI_QUERY_SEED must be an integer or "random", got "${text}"`);
  return seed;
}
