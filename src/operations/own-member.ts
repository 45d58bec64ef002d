/**
 * Setting a member of a record built from a request document as an own data
 * property, as `JSON.parse` and `Object.fromEntries` do: a member named `__proto__`
 * becomes a member, never the record's prototype.
 */

/**
 * Sets `record[name] = value` as an own, enumerable, writable member, `__proto__`
 * included. Cheaper than collecting entries for `Object.fromEntries`.
 *
 * @example
 * const record: Record<string, unknown> = {};
 * setOwnMember(record, '__proto__', 1);
 * Object.keys(record); // ['__proto__']
 */
export function setOwnMember<T>(record: Record<string, T>, name: string, value: T): void {
  if (name === '__proto__') Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
  else record[name] = value;
}
