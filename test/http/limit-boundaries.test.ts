/**
 * The query budget through HTTP: every limit of test/helpers/limit-boundaries.ts
 * exactly at its default (200) and one past it (the limit's status and error
 * document), and the limits only a read or the handler enforces — included
 * resources, rows of an unpaginated read, the length of a path id — at their
 * defaults, on datasets built to reach them.
 */
import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import { BOUNDARIES } from '../helpers/limit-boundaries.js';
import { shopSchema } from '../parse/test-schema.js';
import { exampleHandler } from './helpers.js';

const example = exampleHandler();
const shop = exampleHandler({
  schema: shopSchema,
  dataLayer: createMemoryLayer(shopSchema, { order: [], line: [], customer: [], audit: [], region: [], country: [], continent: [] }),
});

describe.each(BOUNDARIES)('$limit ($code)', (boundary) => {
  const { get } = boundary.schema === 'shop' ? shop : example;
  const path = boundary.schema === 'shop' ? '/orders' : '/persons';

  it('answers 200 exactly at the default limit', async () => {
    const { status } = await get(path, boundary.at);
    expect(status).toBe(200);
  });

  it('answers the limit error one past it', async () => {
    const { status, document } = await get(path, boundary.past);
    expect(status).toBe(Number(boundary.status ?? '400'));
    expect(document).toMatchObject({
      errors: [
        {
          status: boundary.status ?? '400',
          code: boundary.code,
          detail: boundary.detail,
          ...(boundary.parameter === undefined ? {} : { source: { parameter: boundary.parameter } }),
        },
      ],
    });
    expect((document as { errors: unknown[] }).errors).toHaveLength(1);
  });
});

/**
 * GET on a plain handler over `data`: these documents hold thousands of resources,
 * too many to hold each to the JSON:API and OpenAPI schemas as `exampleHandler` does.
 */
function plainGet(data: Parameters<typeof createMemoryLayer>[1]) {
  const handle = createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, data) });
  return async (path: string, query: string) => {
    const response = await handle({ method: 'GET', path, query, headers: {} });
    return { status: response.status, document: JSON.parse(response.body) as unknown };
  };
}

/** `count` persons with ids `p0`, `p1`, …, owning no computers. */
function persons(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `p${String(index)}`,
    display_name: `P${String(index)}`,
    birth_date: null,
    name: `P${String(index)}`,
    gender: null,
    computers: [] as string[],
  }));
}

describe('maxUnpaginatedRows (10,000): page[size]=0 reads at most that many rows', () => {
  it.each([
    [10_000, 200],
    [10_001, 400],
  ])('%i matching rows → %i', async (count, expected) => {
    const get = plainGet({ person: persons(count), computer: [] });
    const { status, document } = await get('/persons', 'page[size]=0&fields[person]=name');
    expect(status).toBe(expected);
    if (expected === 200) {
      expect((document as { data: unknown[] }).data).toHaveLength(count);
    } else {
      expect(document).toMatchObject({
        errors: [
          {
            status: '400',
            code: 'too_many_rows',
            detail: 'More than 10000 rows match; use page[size] to paginate',
            source: { parameter: 'page[size]' },
            meta: { limit: 10_000 },
          },
        ],
      });
    }
  });
});

describe('maxIncluded (1,000): include adds at most that many resources', () => {
  it.each([
    [1000, 200],
    [1001, 400],
  ])('%i included computers → %i', async (count, expected) => {
    const [owner] = persons(1);
    const computers = Array.from({ length: count }, (_, index) => ({ id: `c${String(index)}`, serial: `SN${String(index)}`, owner: 'p0' }));
    const data = { person: [{ ...owner, computers: computers.map(({ id }) => id) }], computer: computers };
    const get = plainGet(data);
    const { status, document } = await get('/persons/p0', 'include=computers&fields[computer]=serial');
    expect(status).toBe(expected);
    if (expected === 200) {
      expect((document as { included: unknown[] }).included).toHaveLength(count);
    } else {
      expect(document).toMatchObject({
        errors: [
          {
            status: '400',
            code: 'too_many_included',
            detail: 'The include would add more than 1000 resources',
            source: { parameter: 'include' },
            meta: { limit: 1000 },
          },
        ],
      });
    }
  });
});

describe('maxIdLength (64): a path id longer than 64 characters is not found, even when stored', () => {
  const at = 'i'.repeat(64);
  const past = 'i'.repeat(65);
  const data = {
    person: [...exampleData.person, ...[at, past].map((id) => ({ ...persons(1)[0], id }))],
    computer: exampleData.computer,
  };
  const { get } = exampleHandler({ dataLayer: createMemoryLayer(exampleSchema, data) });

  it.each(['', '/computers', '/relationships/computers'])('/persons/<id>%s', async (suffix) => {
    expect((await get(`/persons/${at}${suffix}`)).status).toBe(200);
    const { status, document } = await get(`/persons/${past}${suffix}`);
    expect(status).toBe(404);
    expect(document).toMatchObject({
      errors: [{ status: '404', code: 'not_found', detail: 'No person with an id longer than 64 characters.' }],
    });
  });
});
