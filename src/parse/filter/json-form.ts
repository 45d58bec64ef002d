import type { FilterNode } from '../../ast/filter-node.js';
import type { RawParameter } from '../input/raw-query.js';
import type { TypeTable } from '../schema-tables.js';
import { jsonDepthBound, mayExceedJsonDepth, mayRepeatKeys, scanJson } from './depth-scan.js';
import type { FilterContext } from './filter-context.js';
import { resolveEntry } from './resolve-entry.js';

/** A lone surrogate written as it is, not as a `\u` escape (with the `u` flag, pairs never match). */
const SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Parses the JSON form (`filter=[{...}, ...]`, or one entry object) into its
 * top-level nodes, in order. The text length and its nesting are checked before
 * `JSON.parse` (a linear scan, no recursion); node count and depth while resolving.
 * A key repeated in one object, which `JSON.parse` would let the last one win, is an
 * `invalid_filter_entry` pointing at the object, reported once the text is known to
 * be JSON: the scan finds it when it ran for the depth, or runs when `mayRepeatKeys`
 * cannot rule a repeat out.
 */
export function parseJsonFilter(raw: RawParameter, table: TypeTable, context: FilterContext): FilterNode[] {
  const { limits } = context;
  const { length } = raw.value;
  if (length > limits.maxFilterLength) {
    throw context.fault(
      'filter_too_long',
      `The filter has ${length} characters; the limit is ${limits.maxFilterLength}`,
      undefined,
      limits.maxFilterLength,
    );
  }
  const parsed = parseText(raw.value, context);
  context.json = true;
  if (!Array.isArray(parsed)) {
    if (typeof parsed !== 'object' || parsed === null) {
      throw context.fault('invalid_filter_entry', 'The filter must be an array of filter entries or one entry', '');
    }
    return [resolveEntry(parsed, table, 0, context)];
  }
  // Stryker disable next-line ArrayDeclaration: the length is a preallocation; the loop below fills every slot
  const nodes: FilterNode[] = new Array<FilterNode>(parsed.length);
  const { path } = context;
  path.push(0);
  for (let index = 0; index < parsed.length; index++) {
    path[0] = index;
    nodes[index] = resolveEntry(parsed[index], table, 0, context);
  }
  path.pop();
  return nodes;
}

/**
 * `JSON.parse` of the filter text, its nesting checked before and repeated keys
 * after; sets whether its strings need scanning for NUL and lone surrogates.
 */
function parseText(text: string, context: FilterContext): unknown {
  const bound = jsonDepthBound(context.maxDepth);
  const scanned = mayExceedJsonDepth(text, bound);
  const fault = scanned ? scanJson(text, bound) : undefined;
  if (fault?.kind === 'too_deep') throw context.tooDeep(fault.pointer);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw context.fault('invalid_filter_json', `The filter is not valid JSON: ${(error as Error).message}`, undefined);
  }
  const repeat = scanned ? fault : mayRepeatKeys(text, parsed) ? scanJson(text, bound) : undefined;
  if (repeat?.kind === 'duplicate_key') {
    throw context.fault(
      'invalid_filter_entry',
      `The key ${JSON.stringify(repeat.key)} appears more than once in one filter entry`,
      repeat.pointer,
    );
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: scanning strings is only skipped where it finds nothing (no escape, no surrogate)
  context.scanStrings = text.includes('\\u') || SURROGATE.test(text);
  return parsed;
}
