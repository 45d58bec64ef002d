/**
 * A call to the SQL layer as data, so that its statements can be compiled without
 * running them (`layer.compile(call)`), and the read each call makes.
 */
import type { Id, IncludeRequest, ReadRequest, RelatedReadRequest } from '../data-layer.js';
import { includedRead } from './read-included.js';
import { oneRead } from './read-one.js';
import { collectionRead } from './read-page.js';
import { relatedRead } from './read-related.js';
import type { ResolvedSqlMapping } from './sql-mapping.js';
import type { SqlRead } from './sql-read.js';

/** One data-layer call: the method and the request it is given (`readOne`: `{ type, id }`), as explain lists them. */
export type SqlLayerCall =
  | { readonly method: 'read'; readonly request: ReadRequest }
  | { readonly method: 'readOne'; readonly request: { readonly type: string; readonly id: Id } }
  | { readonly method: 'readRelated' | 'readLinkage'; readonly request: RelatedReadRequest }
  | { readonly method: 'readIncluded'; readonly request: IncludeRequest };

/**
 * One statement, compiled: its text, with a placeholder (`$1`, `?`) for every value,
 * and the values bound to them in order. The text holds no value: it follows from the
 * mapping, the dialect and the request's shape (which includes the length of a list,
 * a null keyset bound, and an `ilike`/`match` value the engine lower-cases unlike
 * JavaScript), so statements of one shape share it.
 */
export interface SqlStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** The read a call makes (linkage reads the related rows' ids only). */
export function callRead(mapping: ResolvedSqlMapping, call: SqlLayerCall, includeChunkSize: number): SqlRead<unknown> {
  switch (call.method) {
    case 'read':
      return collectionRead(mapping, call.request);
    case 'readOne':
      return oneRead(mapping, call.request.type, call.request.id);
    case 'readRelated':
    case 'readLinkage':
      return relatedRead(mapping, call.request, { idsOnly: call.method === 'readLinkage' });
    case 'readIncluded':
      return includedRead(mapping, call.request, { chunkSize: includeChunkSize });
  }
}
