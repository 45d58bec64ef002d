/**
 * The query parameters of one request, sorted into the five families with the
 * parameter names kept exactly as sent (decoded), for `source.parameter`.
 */

/** One parameter: its name as sent and its decoded value. */
export interface RawParameter {
  readonly parameter: string;
  readonly value: string;
}

/** A parameter of a family with members (`filter[name]`, `page[size]`, `fields[person]`). */
export interface RawMember extends RawParameter {
  /** The text between the brackets: `name`, `size`, `person`. */
  readonly member: string;
}

/** The five families of one request. */
export interface RawQuery {
  /** `filter=<json>`: its decoded text. */
  filter: RawParameter | undefined;
  /** `filter[<field>]=<value>`, in the order given. */
  readonly simpleFilters: RawMember[];
  sort: RawParameter | undefined;
  /** `page[size]`, `page[number]` and any other member (rejected later). */
  readonly page: RawMember[];
  include: RawParameter | undefined;
  /** `fields[<type>]`, in the order given. */
  readonly fields: RawMember[];
}

/** An empty family table. */
export function emptyRawQuery(): RawQuery {
  return { filter: undefined, simpleFilters: [], sort: undefined, page: [], include: undefined, fields: [] };
}
