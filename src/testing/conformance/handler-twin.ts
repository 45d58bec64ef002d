/**
 * Two writable handlers, one over the reference layer (the memory layer) and one over
 * the layer under test, given the same requests. Each layer generates its own ids,
 * so the twin learns which id each gave the same create (from the documents the two
 * answer) and translates: requests are named in each layer's own ids, and the
 * answers and states of the layer under test are read back in the reference layer's
 * ids (document ids, linkage, links, `Location`, `ETag`), so they compare with `toEqual`.
 */
import type { Handler, HandlerRequest, HandlerResponse } from '../../http/handler.js';
import type { ResolvedSchema } from '../../schema/resolved-schema.js';

/** What a request answered, in the reference layer's ids. */
export interface Answer {
  readonly status: number;
  /** The headers a client acts on. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The parsed document, `undefined` for an empty body. */
  readonly document: unknown;
}

/** A handler over the reference layer and one over the layer under test. */
export interface HandlerTwin {
  /**
   * Sends the request `build` makes for each layer (`own` names a resource, given by
   * its reference id, in that layer's ids) and resolves with both answers.
   */
  send(build: (own: (type: string, id: string) => string) => HandlerRequest): Promise<{ reference: Answer; tested: Answer }>;
  /** Every resource of both layers with every relationship, read through the handlers, in the reference layer's ids. */
  states(): Promise<{ reference: ResourceState; tested: ResourceState }>;
}

/** Per type, every resource (id, attributes, every relationship's ids) in id order. */
export type ResourceState = Readonly<Record<string, readonly Record<string, unknown>[]>>;

/** The headers compared: the rest (`vary`, …) are the handler's own, the same on any layer. */
const HEADERS = ['content-type', 'location', 'etag', 'allow'] as const;

/** Options of `handlerTwin`. */
export interface HandlerTwinOptions {
  /**
   * The headers an answer holds: by default those a client acts on (`content-type`,
   * `location`, `etag`, `allow`); `'all'` for every header (two twins of one layer).
   */
  readonly headers?: 'all' | readonly string[];
}

/** A page larger than any collection the property grows (the dataset has 23 notes; a run adds a few dozen resources at most). */
const STATE_PAGE = 100;

/**
 * A twin of two handlers over layers holding the same records of `schema` (the
 * schema the handlers show: `states` reads back its relationships).
 *
 * @example
 * const twin = handlerTwin(schema, createHandler({ schema, dataLayer: memory, writable: true }), createHandler({ schema, dataLayer: mine, writable: true }));
 * const { reference, tested } = await twin.send((own) => ({ method: 'DELETE', path: `/books/${own('book', 'b1')}`, query: '', headers: {} }));
 */
export function handlerTwin(schema: ResolvedSchema, reference: Handler, tested: Handler, options: HandlerTwinOptions = {}): HandlerTwin {
  const compared = options.headers ?? HEADERS;
  const toTested = new Map<string, string>();
  const toReference = new Map<string, string>();
  const key = (type: string, id: string): string => `${type}\u0000${id}`;
  const testedId = (type: string, id: string): string => toTested.get(key(type, id)) ?? id;
  const referenceId = (type: string, id: string): string => toReference.get(key(type, id)) ?? id;
  const roots = new Map([...schema.types.values()].map((type) => [type.root, type.name]));
  /** A path or URL of the layer under test with its resource id renamed (`/books/7/relationships/author`). */
  const renamePath = (text: string): string =>
    text.replace(/\/([^/?#]+)\/([^/?#]+)/, (whole, root: string, id: string) => {
      const type = roots.get(decodeURIComponent(root));
      return type === undefined ? whole : `/${root}/${encodeURIComponent(referenceId(type, decodeURIComponent(id)))}`;
    });
  const renameTag = (tag: string): string =>
    tag.replace(/^"([^:"]*):([^:"]*):/, (_, type: string, id: string) => `"${type}:${encodeURIComponent(referenceId(decodeURIComponent(type), decodeURIComponent(id)))}:`);
  /** `value` (part of a document of the layer under test) in the reference layer's ids. */
  const rename = (value: unknown, inLinks = false): unknown => {
    if (Array.isArray(value)) return value.map((item) => rename(item, inLinks));
    if (value === null || typeof value !== 'object') return inLinks && typeof value === 'string' ? renamePath(value) : value;
    const object = value as Record<string, unknown>;
    const named = typeof object['type'] === 'string' && typeof object['id'] === 'string' && schema.types.has(object['type']);
    return Object.fromEntries(
      Object.entries(object).map(([name, member]) => [
        name,
        named && name === 'id' ? referenceId(object['type'] as string, member as string) : name === 'attributes' ? member : rename(member, inLinks || name === 'links'),
      ]),
    );
  };
  /** Learns the ids each layer gave the resources of two answers' primary data (a create's, or each result of a batch). */
  const learn = (given: unknown, generated: unknown): void => {
    const primary = (document: unknown): unknown[] => {
      const { data, 'atomic:results': results } = (document ?? {}) as { data?: unknown; 'atomic:results'?: { data?: unknown }[] };
      return results === undefined ? [data] : results.map((result) => result.data);
    };
    const [mine, theirs] = [primary(given), primary(generated)];
    mine.forEach((item, index) => {
      const other = theirs[index] as { type?: unknown; id?: unknown } | null | undefined;
      const { type, id } = (item ?? {}) as { type?: unknown; id?: unknown };
      if (typeof type !== 'string' || typeof id !== 'string' || other?.type !== type || typeof other.id !== 'string') return;
      if (toReference.has(key(type, other.id)) || toTested.has(key(type, id))) return;
      toTested.set(key(type, id), other.id);
      toReference.set(key(type, other.id), id);
    });
  };
  const answerOf = (response: HandlerResponse, renamed: boolean): Answer => {
    const headers = Object.fromEntries(
      (compared === 'all' ? Object.keys(response.headers).sort() : compared).flatMap((name) => {
        const value = response.headers[name];
        if (value === undefined) return [];
        const text = Array.isArray(value) ? value.join(', ') : String(value);
        return [[name, !renamed ? text : name === 'location' ? renamePath(text) : name === 'etag' ? renameTag(text) : text]];
      }),
    );
    const document = response.body === '' ? undefined : (JSON.parse(response.body) as unknown);
    return { status: response.status, headers, document: renamed ? rename(document) : document };
  };
  const stateOf = async (handler: Handler, renamed: boolean): Promise<ResourceState> => {
    const state: Record<string, Record<string, unknown>[]> = {};
    for (const type of schema.types.values()) {
      const include = [...type.relationships.keys()].join(',');
      const query = `page[size]=${String(STATE_PAGE)}${include === '' ? '' : `&include=${include}`}`;
      const response = await handler({ method: 'GET', path: `/${type.root}`, query, headers: {} });
      const { document, status } = answerOf(response, renamed);
      const data = (document as { data?: Record<string, unknown>[] } | undefined)?.data;
      if (status !== 200 || data === undefined || data.length >= STATE_PAGE) throw new Error(`Reading back /${type.root} answered ${String(status)} with ${String(data?.length)} resources`);
      state[type.name] = data
        .map((resource) => ({
          id: resource['id'],
          attributes: resource['attributes'],
          relationships: Object.fromEntries(
            Object.entries((resource['relationships'] ?? {}) as Record<string, { data: unknown }>).map(([name, { data: linkage }]) => [
              name,
              Array.isArray(linkage) ? (linkage as { id: string }[]).map((item) => item.id).sort(compareIds) : ((linkage as { id: string } | null)?.id ?? null),
            ]),
          ),
        }))
        .sort((a, b) => compareIds(a.id as string, b.id as string));
    }
    return state;
  };

  return {
    async send(build) {
      const referenceResponse = await reference(build((_, id) => id));
      const testedResponse = await tested(build(testedId));
      learn(JSON.parse(referenceResponse.body || 'null'), JSON.parse(testedResponse.body || 'null'));
      return { reference: answerOf(referenceResponse, false), tested: answerOf(testedResponse, true) };
    },
    async states() {
      return { reference: await stateOf(reference, false), tested: await stateOf(tested, true) };
    },
  };
}

/** Ids in order: decimal ids by value before the others, the others by code unit. */
function compareIds(a: string, b: string): number {
  const [x, y] = [/^[0-9]+$/.test(a) ? Number(a) : NaN, /^[0-9]+$/.test(b) ? Number(b) : NaN];
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  if (!Number.isNaN(x) || !Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}
