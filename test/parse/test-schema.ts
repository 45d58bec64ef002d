import { defineSchema, isQueryError, parseQuery, type JsonApiError, type LimitOptions, type Operator, type ParsedQueryObject, type QueryAST } from '../../src/index.js';
import { exampleSchema } from '../../src/example/index.js';

/**
 * A schema exercising what the example schema does not: integer ids, numbers,
 * booleans, enums, non-filterable and non-sortable attributes and relationships,
 * and a chain of to-one relationships (order → customer → region → country → continent).
 */
export const shopSchema = defineSchema({
  types: {
    order: {
      root: 'orders',
      id: 'integer',
      attributes: {
        total: { type: 'number' },
        quantity: { type: 'integer', minimum: 0 },
        paid: { type: 'boolean' },
        status: { type: 'string', enum: ['open', 'shipped', 'closed'] },
        placed_on: { type: ['string', 'null'], format: 'date' },
        shipped_on: { type: ['string', 'null'], format: 'date' },
        discount: { type: ['number', 'null'] },
        note: { type: ['string', 'null'], filterable: false, sortable: false },
        rank: { type: 'integer', sortable: false },
      },
      relationships: {
        customer: { target: 'customer', to: 'one', inverse: 'orders' },
        lines: { target: 'line', to: 'many', inverse: 'order' },
      },
    },
    line: {
      root: 'lines',
      id: 'integer',
      attributes: { sku: { type: 'string' }, price: { type: 'number' } },
      relationships: { order: { target: 'order', to: 'one', inverse: 'lines' } },
    },
    customer: {
      root: 'customers',
      id: 'integer',
      attributes: {
        name: { type: 'string' },
        vip: { type: 'boolean' },
        email: { type: 'string', format: 'email', filterable: false },
      },
      relationships: {
        orders: { target: 'order', to: 'many', inverse: 'customer' },
        region: { target: 'region', to: 'one' },
        audits: { target: 'audit', to: 'many', filterable: false },
      },
    },
    audit: { root: 'audits', attributes: { action: { type: 'string' } } },
    region: {
      root: 'regions',
      attributes: { code: { type: 'string' } },
      relationships: { country: { target: 'country', to: 'one' } },
    },
    country: {
      root: 'countries',
      attributes: { name: { type: 'string' } },
      relationships: { continent: { target: 'continent', to: 'one' } },
    },
    continent: { root: 'continents', attributes: { name: { type: 'string' } } },
  },
});

/** Options of one parse in the tests. */
export interface TestOptions {
  readonly schema?: typeof exampleSchema | typeof shopSchema;
  readonly type?: string;
  readonly limits?: LimitOptions;
  readonly operators?: ReadonlySet<Operator>;
  readonly includeFrom?: string;
}

/** Parses against the example schema's `person` unless told otherwise. */
export function parse(input: string | URLSearchParams | ParsedQueryObject, options: TestOptions = {}): QueryAST {
  return parseQuery(input, {
    schema: options.schema ?? exampleSchema,
    type: options.type ?? 'person',
    limits: options.limits,
    operators: options.operators,
    includeFrom: options.includeFrom,
  } as Parameters<typeof parseQuery>[1]);
}

/** The JSON:API errors a parse throws (fails the test when it does not throw a QueryError). */
export function errorsOf(
  input: string | URLSearchParams | ParsedQueryObject,
  options: TestOptions = {},
): readonly JsonApiError[] {
  try {
    parse(input, options);
  } catch (error) {
    if (isQueryError(error)) return error.errors;
    throw error;
  }
  throw new Error(`expected a QueryError for ${String(input)}`);
}

/** The one error a parse throws, reduced to what the tests pin down. */
export function faultOf(input: string | URLSearchParams | ParsedQueryObject, options: TestOptions = {}) {
  const errors = errorsOf(input, options);
  if (errors.length !== 1) throw new Error(`expected one error, got ${JSON.stringify(errors)}`);
  return summary(errors[0] as JsonApiError);
}

/** `{ status, code, parameter, pointer?, limit? }` of an error. */
export function summary(error: JsonApiError) {
  return {
    status: error.status,
    code: error.code,
    parameter: error.source?.parameter,
    ...(error.meta?.pointer === undefined ? {} : { pointer: error.meta.pointer }),
    ...(error.meta?.limit === undefined ? {} : { limit: error.meta.limit }),
  };
}

/** `filter=<JSON>` with the JSON URL-encoded. */
export function jsonFilter(value: unknown): string {
  return `filter=${encodeURIComponent(JSON.stringify(value))}`;
}

const ID_ASC = { path: [], field: 'id', direction: 'asc' } as const;

/** A full AST with the defaults for every part not given. */
export function ast(parts: Partial<QueryAST> = {}): QueryAST {
  return {
    type: 'person',
    filter: null,
    sort: [ID_ASC],
    page: { kind: 'offset', size: 30, number: 1 },
    include: [],
    fields: {},
    ...parts,
  };
}
