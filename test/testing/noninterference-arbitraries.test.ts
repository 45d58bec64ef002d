/**
 * The noninterference arbitraries keep their promises: every random policy is one
 * `createHandler` accepts; twins agree on what the policy shows and often differ in
 * what it hides; random read requests never make the handler fail (no 500).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/handler.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { arbitraryNoninterferenceCase, arbitraryReadRequest, policyView } from '../../src/testing/index.js';

const SEED = 2026;

describe('noninterference arbitraries', () => {
  const cases = fc.sample(arbitraryNoninterferenceCase(), { seed: SEED, numRuns: 40 });

  it('twins agree on the policy view, and most differ in hidden data', () => {
    for (const { schema, policy, twins } of cases) {
      expect(policyView(schema, policy, twins.second)).toBe(policyView(schema, policy, twins.first));
      expect(JSON.stringify(twins.second) === JSON.stringify(twins.first)).toBe(twins.changes.length === 0);
    }
    expect(cases.filter(({ twins }) => twins.changes.length > 0).length).toBeGreaterThanOrEqual(cases.length / 2);
  });

  it('random policies are valid for createHandler, and random requests never get a 500', async () => {
    for (const [index, { schema, policy, twins }] of cases.slice(0, 10).entries()) {
      const handle = createHandler({ schema, policy, dataLayer: createMemoryLayer(schema, twins.first) });
      for (const request of fc.sample(arbitraryReadRequest(schema, policy, { data: twins.first }), { seed: SEED + index, numRuns: 50 })) {
        const response = await handle({ method: 'GET', path: request.path, query: request.query, headers: {} });
        expect(response.status, `GET ${request.path}?${request.query}: ${response.body}`).toBeLessThan(500);
      }
    }
  });

  it('requests name hidden fields and reach every read route', () => {
    const { schema, policy, twins } = cases.find(({ policy: chosen }) => Object.values(chosen.types).some((entry) => (entry?.hidden ?? []).length > 0)) ?? (cases[0] as (typeof cases)[number]);
    const requests = fc.sample(arbitraryReadRequest(schema, policy, { data: twins.first }), { seed: SEED, numRuns: 400 });
    const hidden = Object.values(policy.types).flatMap((entry) => entry?.hidden ?? []);
    expect(requests.some((request) => hidden.some((name) => decodeURIComponent(request.query.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')).includes(name)))).toBe(true);
    const shapes = new Set(requests.map((request) => request.path.split('/').length));
    expect([...shapes].sort()).toEqual([2, 3, 4, 5]);
    expect(requests.some((request) => request.query.includes('page[after]') || request.query.includes('page%5Bafter%5D'))).toBe(true);
  });
});
