/**
 * Small helpers that write the query strings of the conformance cases: filter
 * entries as plain objects, encoded the way a client sends them.
 */

/** A filter entry of the JSON form. */
export type Entry = { readonly [key: string]: unknown };

/** `{"name":name,"op":op,"val":val}`. */
export function cmp(name: string, op: string, val: unknown): Entry {
  return { name, op, val };
}

/** `{"name":name,"op":op,"field":other}`. */
export function cmpFields(name: string, op: string, other: string): Entry {
  return { name, op, field: other };
}

/** `{"and":[...]}`. */
export function and(...entries: Entry[]): Entry {
  return { and: entries };
}

/** `{"or":[...]}`. */
export function or(...entries: Entry[]): Entry {
  return { or: entries };
}

/** `{"not":entry}`. */
export function not(entry: Entry): Entry {
  return { not: entry };
}

/** `{"name":relationship,"op":"any","val":entry}`. */
export function any(relationship: string, entry: Entry): Entry {
  return { name: relationship, op: 'any', val: entry };
}

/** `{"name":relationship,"op":"has","val":entry}`. */
export function has(relationship: string, entry: Entry): Entry {
  return { name: relationship, op: 'has', val: entry };
}

/** The parts of a query string, unencoded. */
export interface QueryParts {
  /** The JSON form of `filter`. */
  readonly filter?: readonly Entry[];
  /** Simple filters, `filter[name]=value`. */
  readonly simple?: { readonly [name: string]: string };
  readonly sort?: string;
  /** `[page[size], page[number]]`; a missing number is not sent. */
  readonly page?: readonly [number, number?];
  readonly include?: string;
  /** Sparse fieldsets, `fields[type]=a,b`. */
  readonly fields?: { readonly [type: string]: string };
}

/** Builds an encoded query string from its parts. */
export function query(parts: QueryParts): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(parts.simple ?? {})) {
    pairs.push(`filter[${name}]=${encodeURIComponent(value)}`);
  }
  if (parts.filter !== undefined) pairs.push(`filter=${encodeURIComponent(JSON.stringify(parts.filter))}`);
  if (parts.sort !== undefined) pairs.push(`sort=${encodeURIComponent(parts.sort)}`);
  if (parts.page !== undefined) {
    pairs.push(`page[size]=${parts.page[0]}`);
    if (parts.page[1] !== undefined) pairs.push(`page[number]=${parts.page[1]}`);
  }
  if (parts.include !== undefined) pairs.push(`include=${encodeURIComponent(parts.include)}`);
  for (const [type, names] of Object.entries(parts.fields ?? {})) pairs.push(`fields[${type}]=${encodeURIComponent(names)}`);
  return pairs.join('&');
}

/** A query string as a person reads it: decoded where it decodes, as sent otherwise. */
export function decodeQuery(query: string): string {
  try {
    return decodeURIComponent(query);
  } catch {
    return query;
  }
}
