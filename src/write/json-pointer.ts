/**
 * JSON pointers (RFC 6901) into a request document, for `source.pointer`.
 */
export function jsonPointer(base: string, ...segments: readonly (string | number)[]): string {
  let pointer = base;
  for (const segment of segments) {
    pointer += `/${typeof segment === 'number' ? String(segment) : segment.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  }
  return pointer;
}

/**
 * The pointer of the object holding the value at `pointer`: where a missing member
 * is reported (a pointer must name a value the document has).
 */
export function parentPointer(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}
