import type { QueryAST } from '../../src/ast/query-ast.js';
import type { Id, Row } from '../../src/layers/data-layer.js';
import type { Linkage, Resource } from '../../src/serialize/index.js';

/** A QueryAST with the parser's defaults, overridden where given. */
export function ast(type: string, overrides: Partial<QueryAST> = {}): QueryAST {
  return {
    type,
    filter: null,
    sort: [{ path: [], field: 'id', direction: 'asc' }],
    page: { kind: 'offset', size: 30, number: 1 },
    include: [],
    fields: {},
    ...overrides,
  };
}

/** Linkage from a table `type/id/relationship → ids`. */
export function linkage(entries: Record<string, readonly Id[] | Id | null> = {}): Linkage {
  const table = new Map(Object.entries(entries));
  return {
    get: (type, id, relationship) => table.get(`${type}/${String(id)}/${relationship}`),
  };
}

export const person = (row: Row): Resource => ({ type: 'person', row });
export const computer = (row: Row): Resource => ({ type: 'computer', row });

export const john = { id: '1', display_name: 'John Doe', birth_date: '1990-04-02', name: 'John', gender: 'm' };
export const jane = { id: '4', display_name: 'Jane Doe', birth_date: '1990-04-02', name: 'Jane', gender: 'f' };
export const c1 = { id: '1', serial: 'SN_100%' };
export const c2 = { id: '2', serial: 'SN1002' };

/** The full resource object of a person without followed relationships. */
export function personObject(row: typeof john, base = ''): object {
  return {
    type: 'person',
    id: row.id,
    attributes: {
      display_name: row.display_name,
      birth_date: row.birth_date,
      name: row.name,
      gender: row.gender,
    },
    relationships: {
      computers: {
        links: {
          self: `${base}/persons/${row.id}/relationships/computers`,
          related: `${base}/persons/${row.id}/computers`,
        },
      },
    },
    links: { self: `${base}/persons/${row.id}` },
  };
}

/** The full resource object of a computer; `owner` linkage when given. */
export function computerObject(row: typeof c1, owner?: string | null, base = ''): object {
  return {
    type: 'computer',
    id: row.id,
    attributes: { serial: row.serial },
    relationships: {
      owner: {
        ...(owner === undefined ? {} : { data: owner === null ? null : { type: 'person', id: owner } }),
        links: {
          self: `${base}/computers/${row.id}/relationships/owner`,
          related: `${base}/computers/${row.id}/owner`,
        },
      },
    },
    links: { self: `${base}/computers/${row.id}` },
  };
}

export const JSONAPI = { version: '1.0' };
