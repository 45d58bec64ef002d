/**
 * A response's headers with one more: a copy made member by member, in order (a
 * header the response has already keeps its place and takes the new value). Not
 * `{ ...headers, [name]: value }`: V8 (Node 20) makes an object spread and then
 * extended slowly, about a microsecond, and every write and negotiated response
 * adds a header.
 */

/**
 * The headers with `name` set to `value`, as a new object.
 *
 * @example
 * withHeader({ 'content-type': 'application/vnd.api+json' }, 'vary', 'Accept');
 * // { 'content-type': 'application/vnd.api+json', vary: 'Accept' }
 */
export function withHeader(headers: Readonly<Record<string, string>>, name: string, value: string): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const key of Object.keys(headers)) copy[key] = headers[key] as string;
  copy[name] = value;
  return copy;
}
