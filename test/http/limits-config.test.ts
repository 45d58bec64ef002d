import { describe, expect, it } from 'vitest';
import { exampleData } from '../../src/example/example-data.js';
import { exampleSchema } from '../../src/example/example-schema.js';
import { createHandler } from '../../src/http/index.js';
import { createMemoryLayer } from '../../src/layers/memory/index.js';
import type { LimitOptions } from '../../src/limits.js';
import { exampleHandler } from './helpers.js';

const create = (limits: LimitOptions) => () =>
  createHandler({ schema: exampleSchema, dataLayer: createMemoryLayer(exampleSchema, exampleData), limits });

describe('limits are checked when the handler is created', () => {
  it.each([
    {
      description: 'maxPageSize below the default page size',
      limits: { maxPageSize: 10 },
      message: 'createHandler: limits.maxPageSize (10) is below limits.defaultPageSize (30) for type person',
    },
    {
      description: 'a per-type maxPageSize below the default page size',
      limits: { types: { person: { maxPageSize: 5 } } },
      message: 'createHandler: limits.types.person.maxPageSize (5) is below limits.defaultPageSize (30) for type person',
    },
    {
      description: 'a per-type default page size above the global maximum',
      limits: { types: { computer: { defaultPageSize: 500 } } },
      message: 'createHandler: limits.maxPageSize (100) is below limits.types.computer.defaultPageSize (500) for type computer',
    },
    {
      description: 'pagination off by default while it may not be disabled',
      limits: { defaultPageSize: 0, allowUnpaginated: false },
      message: 'createHandler: limits.defaultPageSize is 0 (no pagination) while limits.allowUnpaginated is false',
    },
    { description: 'an unknown limit', limits: { maxPagesize: 10 } as LimitOptions, message: 'createHandler: limits.maxPagesize is not a limit' },
    { description: 'an unknown type', limits: { types: { robot: { maxPageSize: 10 } } }, message: 'createHandler: limits.types.robot names no type of the schema' },
    {
      description: 'a negative limit',
      limits: { types: { person: { maxSortKeys: -1 } } },
      message: 'createHandler: limits.types.person.maxSortKeys must be a non-negative integer or Infinity, not -1',
    },
    { description: 'a fractional limit', limits: { maxIncluded: 2.5 }, message: 'limits.maxIncluded must be a non-negative integer' },
    { description: 'a limit given as text', limits: { maxIncluded: '10' } as unknown as LimitOptions, message: 'limits.maxIncluded must be a non-negative integer' },
    { description: 'a flag that is not a boolean', limits: { allowUnpaginated: 'no' } as unknown as LimitOptions, message: 'limits.allowUnpaginated must be a boolean' },
    {
      description: 'an unknown pagination mode',
      limits: { types: { person: { pagination: 'keyset' } } } as unknown as LimitOptions,
      message: `createHandler: limits.types.person.pagination must be 'offset' or 'cursor', not "keyset"`,
    },
    { description: 'an unknown count policy', limits: { count: 'estimate' } as unknown as LimitOptions, message: `limits.count must be 'exact', 'estimated', 'none' or undefined, not "estimate"` },
    { description: 'cursors too short to hold a key', limits: { maxCursorLength: 63 }, message: 'limits.maxCursorLength must be an integer of at least 64' },
    { description: 'a negative exact-count bound', limits: { maxExactCount: -1 }, message: 'limits.maxExactCount must be a non-negative integer' },
  ])('$description', ({ limits, message }) => {
    expect(create(limits)).toThrow(RangeError);
    expect(create(limits)).toThrow(message);
  });

  it.each([
    { description: 'a larger maximum', limits: { maxPageSize: 500, types: { computer: { defaultPageSize: 200 } } } },
    { description: 'a default equal to the maximum', limits: { defaultPageSize: 10, maxPageSize: 10 } },
    { description: 'pagination off by default', limits: { defaultPageSize: 0 } },
    { description: 'no limit on the query length', limits: { maxQueryLength: Infinity } },
    { description: 'cursor pagination without counts', limits: { pagination: 'cursor', count: 'none', maxCursorLength: 64 } },
    { description: 'offset pagination per type, counted', limits: { types: { computer: { pagination: 'offset', count: 'exact' } } } },
    { description: 'estimated counts, exact to 0 rows', limits: { count: 'estimated', maxExactCount: 0 } },
  ] as const)('accepts $description, and serves a plain GET', async ({ limits }) => {
    const { get } = exampleHandler({ limits });
    expect((await get('/persons')).status).toBe(200);
    expect((await get('/computers')).status).toBe(200);
  });
});
