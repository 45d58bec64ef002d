/**
 * A read policy served with the handler's existing options, until `createHandler`
 * takes `policy` itself: hidden fields are left out of the schema the handler serves
 * (so they are unknown, exactly as if never declared), and row filters restrict the
 * data layer as the handler's `scope` does.
 */
import { createHandler, type Handler, type HandlerOptions } from '../../http/handler.js';
import { resolveScope } from '../../http/scope.js';
import { scopedLayer } from '../../http/scoped-layer.js';
import type { FilterNode } from '../../ast/filter-node.js';
import { resolveSchema } from '../../schema/resolved-schema.js';
import type { ReadPolicy } from './policy-shape.js';
import { visibleSchema } from './visible-schema.js';

/**
 * A handler serving `options.schema` under a read policy: the schema without the
 * hidden attributes and relationships, over the data layer restricted to the row
 * filters.
 *
 * @example
 * const handle = handlerWithPolicy({ schema, dataLayer: createMemoryLayer(schema, data), policy });
 */
export function handlerWithPolicy(options: HandlerOptions & { readonly policy: ReadPolicy }): Handler {
  const { policy, ...rest } = options;
  const full = resolveSchema(options.schema);
  const filters: Record<string, FilterNode> = {};
  for (const [type, entry] of Object.entries(policy.types)) if (entry?.filter !== undefined) filters[type] = entry.filter;
  const scope = resolveScope(filters, full, () => {
    throw new TypeError('handlerWithPolicy: row filters are FilterNodes');
  }, options.dataLayer.operators);
  return createHandler({ ...rest, schema: visibleSchema(options.schema, policy), dataLayer: scopedLayer(options.dataLayer, scope, full) });
}
