/**
 * The compiled statements of reads, kept by query shape: building and compiling a
 * read's statements with Kysely costs about as much as SQLite takes to run a small
 * indexed one, and an API receives the same few shapes again and again. A read whose
 * shape was compiled before runs the same SQL text again with its own values as the
 * parameters (`CompiledQuery.raw`). The key is the shape only, never a value
 * (read-shape.ts); values are never written into the text. At most `maxEntries`
 * shapes are kept per layer, the least recently used dropped first.
 *
 * A shape's text is kept only when it is proven to hold no value: the read is
 * compiled a second time with every value replaced by a `ParameterSlot`, and the two
 * compilations must give the same text and the values as the parameters, one for
 * one, in order (constants, such as an estimate's bound, equal). Nothing is reused on
 * a Kysely instance with plugins: a plugin sees every statement Kysely compiles, and
 * may rewrite it or record it (`explainable(db)` does), so every read is compiled there.
 */
import { CompiledQuery } from 'kysely';
import type { SqlDialect } from './sql-dialect.js';
import type { SqlExecutor } from './sql-executor.js';
import type { CompiledRead, RawResult } from './sql-read.js';

/** Stands for the value at `index` of a shape's values while its statements are compiled as a template. */
export class ParameterSlot {
  constructor(readonly index: number) {}
}

/**
 * A request taken apart by shape: `key` names the shape, `values` are the request's
 * values in the order a template's slots number them, and `template()` is the same
 * request with each of those values replaced by its `ParameterSlot`.
 */
export interface ShapedRequest<R> {
  readonly key: string;
  readonly values: readonly unknown[];
  readonly template: R;
}

/** The statements of one shape: their texts, and where each parameter comes from. */
interface Template {
  /** The hooks the texts were compiled with (`prepare` may replace the dialect's). */
  readonly dialect: SqlDialect;
  readonly texts: readonly string[];
  /** Per statement and parameter: the index of its value, or -1 for the constant beside it. */
  readonly sources: readonly (readonly number[])[];
  readonly constants: readonly (readonly unknown[])[];
  readonly inOrder: boolean;
  /** Depends on the shape only (read-shape.ts leaves out every request whose answer depends on a value). */
  readonly decode: (results: readonly RawResult[]) => unknown;
}

/** The compiled statements of a layer's reads by shape. */
export interface StatementCache {
  /**
   * The statements of `request` on `executor`: its shape's texts with its values when
   * the shape is known (with the same hooks), else `compile(request)`, remembering the
   * shape's template when it holds no value. A request without a shape, or on an
   * executor with plugins, is always compiled.
   *
   * @example
   * const compiled = cache.compile(executor, readShape(request), dialect, (read) => compilePage(executor, context, { ...page, request: read }), request);
   */
  compile<R, T>(
    executor: SqlExecutor,
    shaped: ShapedRequest<R> | undefined,
    dialect: SqlDialect,
    compile: (request: R) => CompiledRead<T>,
    request: R,
  ): CompiledRead<T>;
}

/**
 * A cache of at most `maxEntries` shapes (0 keeps none: every read is compiled).
 *
 * @example
 * const cache = createStatementCache(256);
 */
export function createStatementCache(maxEntries: number): StatementCache {
  // `null`: the shape was found to hold a value; it is compiled every time.
  const entries = new Map<string, Template | null>();

  const remember = (key: string, template: Template | null): void => {
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, template);
  };

  return {
    compile(executor, shaped, dialect, compile, request) {
      if (shaped === undefined || maxEntries === 0 || executor.getExecutor().plugins.length > 0) return compile(request);
      const known = entries.get(shaped.key);
      if (known === null) {
        remember(shaped.key, null);
        return compile(request);
      }
      if (known !== undefined && known.dialect === dialect) {
        remember(shaped.key, known);
        return instantiate(known, shaped.values);
      }
      const compiled = compile(request);
      remember(shaped.key, templateOf(compiled, compile(shaped.template), shaped.values, dialect));
      return compiled;
    },
  };
}

/** The template of a shape from a request's statements and its slotted twin's; `null` when they differ beyond its values. */
function templateOf(
  compiled: CompiledRead<unknown>,
  slotted: CompiledRead<unknown>,
  values: readonly unknown[],
  dialect: SqlDialect,
): Template | null {
  const { statements } = compiled;
  if (slotted.statements.length !== statements.length || slotted.inOrder !== compiled.inOrder) return null;
  const sources: number[][] = [];
  const constants: unknown[][] = [];
  for (const [index, statement] of statements.entries()) {
    const twin = slotted.statements[index];
    if (twin === undefined || twin.sql !== statement.sql || twin.parameters.length !== statement.parameters.length) return null;
    const from: number[] = [];
    const fixed: unknown[] = [];
    for (const [position, parameter] of twin.parameters.entries()) {
      const slot = parameter instanceof ParameterSlot ? parameter.index : -1;
      if ((slot === -1 ? parameter : values[slot]) !== statement.parameters[position]) return null;
      from.push(slot);
      fixed.push(slot === -1 ? parameter : undefined);
    }
    sources.push(from);
    constants.push(fixed);
  }
  return { dialect, texts: statements.map(({ sql }) => sql), sources, constants, inOrder: compiled.inOrder, decode: compiled.decode };
}

/** The statements of a template with `values` as their parameters. */
function instantiate<T>(template: Template, values: readonly unknown[]): CompiledRead<T> {
  const statements = template.texts.map((text, index) => {
    const sources = template.sources[index] ?? [];
    const constants = template.constants[index] ?? [];
    return CompiledQuery.raw(
      text,
      sources.map((slot, position) => (slot === -1 ? constants[position] : values[slot])),
    );
  });
  return { statements, inOrder: template.inOrder, decode: template.decode as (results: readonly RawResult[]) => T };
}
