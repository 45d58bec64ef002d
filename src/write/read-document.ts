/**
 * A write's request body as a JSON value, hostile input first: its size in UTF-8
 * bytes (413 past `maxBodyBytes`), its nesting and repeated member names (a scan
 * before `JSON.parse`), then JSON syntax.
 */
import { QueryError } from '../errors/query-error.js';
import type { QueryLimits } from '../limits.js';
import { utf8Length } from '../rules/query-length.js';
import { scanDocument } from './scan-document.js';

/**
 * The parsed document of a body. Throws a `QueryError`: 413 `request_too_large`,
 * 400 `document_too_deep` or `duplicate_member` (with `source.pointer`), 400
 * `invalid_json` for a body that is missing or not JSON.
 */
export function readDocument(body: string | undefined, limits: Pick<QueryLimits, 'maxBodyBytes' | 'maxBodyDepth'>): unknown {
  if (body === undefined || body.trim() === '') {
    throw QueryError.of({ code: 'invalid_json', detail: 'The request has no body; a request document is required.' });
  }
  const bytes = utf8Length(body, limits.maxBodyBytes);
  if (bytes > limits.maxBodyBytes) {
    throw QueryError.of({
      code: 'request_too_large',
      detail: `The request body is ${String(bytes)} bytes; the limit is ${String(limits.maxBodyBytes)}.`,
      limit: limits.maxBodyBytes,
    });
  }
  const fault = scanDocument(body, limits.maxBodyDepth);
  if (fault?.kind === 'too_deep') {
    throw QueryError.of({
      code: 'document_too_deep',
      detail: `The request document nests more than ${String(limits.maxBodyDepth)} levels of arrays and objects.`,
      sourcePointer: fault.pointer,
      limit: limits.maxBodyDepth,
    });
  }
  try {
    const document: unknown = JSON.parse(body);
    if (fault !== undefined) {
      throw QueryError.of({
        code: 'duplicate_member',
        detail: `The member ${JSON.stringify(fault.member)} is given twice in one object.`,
        sourcePointer: fault.pointer,
      });
    }
    return document;
  } catch (error) {
    if (error instanceof QueryError) throw error;
    throw QueryError.of({ code: 'invalid_json', detail: 'The request body is not valid JSON.' });
  }
}
