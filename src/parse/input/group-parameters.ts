import { jsonApiError, type JsonApiError } from '../../errors/query-error.js';
import { emptyRawQuery, type RawMember, type RawQuery } from './raw-query.js';

/**
 * Groups decoded parameters into the five families (docs/query-syntax.md, "The query string"):
 * a lowercase-only base name that is not a family is a 400 `unknown_parameter`, any
 * other unknown name is left to the host; a repeated parameter is a 400 naming it;
 * `sort[]`, `filter[a][b]` and other shapes where a plain value belongs are a 400
 * `invalid_parameter`. Faults are collected, so several are reported together.
 */
export class ParameterGrouper {
  readonly query: RawQuery = emptyRawQuery();
  readonly errors: JsonApiError[] = [];
  /** Names reported as repeated (allocated only when one is). */
  #repeated: Set<string> | undefined;

  /** Adds one decoded parameter (a pair without a name, `=x`, is no parameter and is ignored). */
  add(name: string, value: string): void {
    if (this.#repeated?.has(name) === true) return;
    const open = name.indexOf('[');
    const base = open === -1 ? name : name.slice(0, open);
    switch (base) {
      case 'filter':
        if (open !== -1) this.#member(this.query.simpleFilters, name, open, value);
        else this.#filter({ parameter: name, value });
        return;
      case 'sort':
        if (open !== -1) this.#invalid(name, `"sort" takes a plain value, not "${name}"`);
        else if (this.query.sort !== undefined) this.#reject(name);
        else this.query.sort = { parameter: name, value };
        return;
      case 'include':
        if (open !== -1) this.#invalid(name, `"include" takes a plain value, not "${name}"`);
        else if (this.query.include !== undefined) this.#reject(name);
        else this.query.include = { parameter: name, value };
        return;
      case 'page':
      case 'fields':
        if (open === -1) this.#invalid(name, `"${base}" takes a member: ${base}[...]`);
        else this.#member(base === 'page' ? this.query.page : this.query.fields, name, open, value);
        return;
      default:
        if (isLowercaseWord(base)) {
          this.errors.push(
            jsonApiError({
              code: 'unknown_parameter',
              detail: `Unknown query parameter "${name}": names made only of lowercase letters are reserved for JSON:API`,
              parameter: name,
            }),
          );
        }
    }
  }

  #filter(filter: NonNullable<RawQuery['filter']>): void {
    if (this.query.filter !== undefined) this.#reject(filter.parameter);
    else this.query.filter = filter;
  }

  #member(family: RawMember[], name: string, open: number, value: string): void {
    const close = name.length - 1;
    if (close <= open + 1 || name.indexOf(']', open) !== close || name.indexOf('[', open + 1) !== -1) {
      this.#invalid(name, `"${name}" is not of the form ${name.slice(0, open)}[member] with a plain value`);
      return;
    }
    for (const parameter of family) {
      if (parameter.parameter === name) {
        this.#reject(name);
        return;
      }
    }
    family.push({ parameter: name, member: name.slice(open + 1, close), value });
  }

  #invalid(name: string, detail: string): void {
    this.errors.push(jsonApiError({ code: 'invalid_parameter', detail, parameter: name }));
  }

  #reject(name: string): void {
    this.#repeated ??= new Set();
    this.#repeated.add(name);
    this.errors.push(
      jsonApiError({
        code: 'repeated_parameter',
        detail: `The query parameter "${name}" is given more than once`,
        parameter: name,
      }),
    );
    const query = this.query;
    if (query.filter?.parameter === name) query.filter = undefined;
    if (query.sort?.parameter === name) query.sort = undefined;
    if (query.include?.parameter === name) query.include = undefined;
    for (const family of [query.simpleFilters, query.page, query.fields]) {
      const index = family.findIndex((parameter) => parameter.parameter === name);
      if (index !== -1) family.splice(index, 1);
    }
  }
}

function isLowercaseWord(name: string): boolean {
  if (name.length === 0) return false;
  // Stryker disable next-line EqualityOperator: charCodeAt past the end is NaN, which no range check refuses
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index);
    if (code < 97 || code > 122) return false;
  }
  return true;
}
