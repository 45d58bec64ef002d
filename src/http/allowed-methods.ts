/**
 * The methods each route allows: reads everywhere, and the writes of JSON:API 1.1
 * where the handler takes writes and the schema does not make the type or the
 * relationship read-only (docs/handler.md, "Writes").
 */
import type { Route } from './routes.js';

/** The methods that write. */
const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE']);

/** Whether a method writes. */
export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method);
}

/**
 * The methods a route allows: `GET` and `HEAD` everywhere, and where the handler
 * takes writes and the type (and relationship) is not read-only, `POST` on a
 * collection, `PATCH`/`DELETE` on a resource, `PATCH` on a relationship and
 * `POST`/`DELETE` on a to-many one.
 */
export function allowedMethods(route: Route, writable: boolean): readonly string[] {
  const reads = ['GET', 'HEAD'];
  if (!writable || route.type.readOnly || route.kind === 'related') return reads;
  if (route.kind === 'collection') return [...reads, 'POST'];
  if (route.kind === 'resource') return [...reads, 'PATCH', 'DELETE'];
  if (route.relationship.readOnly) return reads;
  return route.relationship.toMany ? [...reads, 'POST', 'PATCH', 'DELETE'] : [...reads, 'PATCH'];
}
