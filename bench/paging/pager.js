// Pages through the public API, as a user would: parseQuery on the query string,
// executeCollection on the AST, and the next page's `page[after]` taken from the
// previous result (`execution.cursorPage.next`).
import { executeCollection, parseQuery, resolveLimits, stringifyQuery } from '../../dist/index.js';

/**
 * A pager over one layer and type, counting `'none'` or `'exact'`: `page(text)` reads
 * the page of a query string (by cursor, or by number when it has `page[number]`).
 */
export function createPager({ schema, layer, type, count }) {
  const common = { count, maxOffset: 100_000_000 };
  const modes = {
    cursor: { options: { ...common, pagination: 'cursor' } },
    offset: { options: { ...common, pagination: 'offset' } },
  };
  for (const mode of Object.values(modes)) mode.limits = resolveLimits(mode.options, type);

  return {
    /** The page's rows, its `total` when counted, and the next page's query string (`null` at the end). */
    async page(text) {
      const mode = /(^|&)page\[number\]=/.test(text) ? modes.offset : modes.cursor;
      const ast = parseQuery(text, { schema, type, limits: mode.options });
      const execution = await executeCollection(ast, { schema, layer, limits: mode.limits });
      const after = execution.cursorPage?.next?.after;
      const base = after === undefined ? '' : stringifyQuery({ ...ast, page: { kind: 'cursor', size: ast.page.size } }, { limits: modes.cursor.options });
      return {
        rows: execution.data.map((resource) => resource.row),
        total: execution.total,
        next: after === undefined ? null : `${base}${base === '' ? '' : '&'}page[after]=${encodeURIComponent(after)}`,
      };
    },
    /** The query string of the cursor page after `row`, as a client who walked to it would hold it. */
    after(text, row) {
      const ast = parseQuery(text, { schema, type, limits: modes.cursor.options });
      const page = { kind: 'cursor', size: ast.page.size, after: ast.sort.map((key) => row[key.field]) };
      return stringifyQuery({ ...ast, page }, { limits: modes.cursor.options });
    },
  };
}
