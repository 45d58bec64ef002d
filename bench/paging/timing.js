// Interleaved timing for bench/paging: every round runs each case once, the order
// rotating, so load drifting on a shared machine hits every case alike.

/** The median of a list of numbers. */
export function median(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Times async cases against each other: two warm-up rounds, then `iterations`
 * interleaved rounds. Returns each case's median milliseconds and, for the ratio of
 * any two cases, the median of their per-round ratios (robust to drift between rounds).
 */
export async function interleave(cases, iterations) {
  const names = Object.keys(cases);
  for (let round = 0; round < 2; round++) for (const name of names) await cases[name]();
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < iterations; round++) {
    for (let slot = 0; slot < names.length; slot++) {
      const name = names[(slot + round) % names.length];
      const started = performance.now();
      await cases[name]();
      samples[name].push(performance.now() - started);
    }
  }
  return {
    ms: Object.fromEntries(names.map((name) => [name, median(samples[name])])),
    ratio: (a, b) => median(samples[a].map((value, round) => value / samples[b][round])),
  };
}
