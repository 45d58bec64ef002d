// Pages through the public API, as a user would: parseQuery on the query string,
// executeCollection on the AST, and the next page's `page[after]` taken from the
// previous result (`execution.cursorPage.next`). Until the executor makes cursors
// (the wire's second part), the same ASTs go to `layer.read` with their keyset, and
// the next cursor is written by stringifyQuery from the last row's `keys`.
import { executeCollection, parseQuery, resolveLimits, stringifyQuery } from '../../dist/index.js';

/**
 * A pager over one layer and type, counting `'none'` or `'exact'`.
 *
 * @example
 * const pager = await createPager({ schema, layer, type: 'person', count: 'none' });
 * const first = await pager.page('sort=name&page[size]=30');
 * const second = await pager.page(first.next);
 */
export async function createPager({ schema, layer, type, count }) {
  const common = { count, maxOffset: 100_000_000 };
  const modes = {
    cursor: { options: { ...common, pagination: 'cursor' } },
    offset: { options: { ...common, pagination: 'offset' } },
  };
  for (const mode of Object.values(modes)) mode.limits = resolveLimits(mode.options, type);
  const context = { signal: new AbortController().signal };
  const probe = parseQuery('page[size]=1', { schema, type, limits: modes.cursor.options });
  const viaExecutor = (await executeCollection(probe, { schema, layer, limits: modes.cursor.limits })).cursorPage !== undefined;

  /** A page by cursor: its ids and the query string of the next page (`null` at the end). */
  async function cursorPage(ast) {
    if (viaExecutor) {
      const execution = await executeCollection(ast, { schema, layer, limits: modes.cursor.limits });
      const next = execution.cursorPage.next?.after;
      const rows = execution.data.map((resource) => resource.row);
      return { rows, total: execution.total, next: next === undefined ? null : withAfter(ast, next) };
    }
    const result = await layer.read(layerRequest(ast, 0), context);
    const last = result.keys.at(-1);
    const next = result.rows.length < ast.page.size || last === undefined ? null : cursorText(ast, last);
    return { rows: result.rows, total: result.total, next };
  }

  /** A page by number (the next page is the next number). */
  async function offsetPage(ast) {
    if (viaExecutor) {
      const execution = await executeCollection(ast, { schema, layer, limits: modes.offset.limits });
      return { rows: execution.data.map((resource) => resource.row), total: execution.total, next: null };
    }
    const result = await layer.read(layerRequest(ast, (ast.page.number - 1) * ast.page.size), context);
    return { rows: result.rows, total: result.total, next: null };
  }

  function layerRequest(ast, offset) {
    const keyset = ast.page.kind === 'cursor' ? { keyset: ast.page.after === undefined ? {} : { after: ast.page.after } } : {};
    return { type, filter: ast.filter, sort: ast.sort, offset, limit: ast.page.size, withTotal: count === 'exact', ...keyset };
  }

  /** The query string of the cursor page after the row with these sort key values. */
  function cursorText(ast, keys) {
    return stringifyQuery({ ...ast, page: { kind: 'cursor', size: ast.page.size, after: keys } }, { limits: modes.cursor.options });
  }

  function withAfter(ast, cursor) {
    const base = stringifyQuery({ ...ast, page: { kind: 'cursor', size: ast.page.size } }, { limits: modes.cursor.options });
    return `${base}${base === '' ? '' : '&'}page[after]=${encodeURIComponent(cursor)}`;
  }

  return {
    /** `'executeCollection'` or `'layer.read'`: how pages are read. */
    via: viaExecutor ? 'executeCollection' : 'layer.read',
    /** Parses `text` (cursor or number form) and reads that page. */
    async page(text) {
      const form = /(^|&)page\[number\]=/.test(text) ? 'offset' : 'cursor';
      const ast = parseQuery(text, { schema, type, limits: modes[form].options });
      return form === 'offset' ? offsetPage(ast) : cursorPage(ast);
    },
    /** The query string of the cursor page after `row`, as a client who walked to it would hold it. */
    after(text, row) {
      const ast = parseQuery(text, { schema, type, limits: modes.cursor.options });
      return cursorText(ast, ast.sort.map((key) => row[key.field]));
    },
  };
}
