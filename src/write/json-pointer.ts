/**
 * JSON pointers (RFC 6901) into a request document, for `source.pointer`.
 */
export function jsonPointer(base: string, ...segments: readonly (string | number)[]): string {
  let pointer = base;
  for (const segment of segments) {
    pointer += `/${typeof segment === 'number' ? String(segment) : escaped(segment)}`;
  }
  return pointer;
}

/** A member name as a pointer segment: `~` is `~0`, `/` is `~1`. */
function escaped(segment: string): string {
  return segment.includes('~') || segment.includes('/') ? segment.replaceAll('~', '~0').replaceAll('/', '~1') : segment;
}

/**
 * The pointer of the object holding the value at `pointer`: where a missing member
 * is reported (a pointer must name a value the document has).
 */
export function parentPointer(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}
