/**
 * Drops the components no route reaches, so the document declares nothing it never
 * uses (a linter's `no-unused-components`): a type that no to-one relationship
 * targets has no `<type>.document.optional`, for example.
 */

/** The components of a document, by category (`schemas`, `parameters`, `responses`…). */
type Components = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const PREFIX = '#/components/';

/**
 * The components reachable through `$ref`s from `roots` (the paths, and the
 * top-level members that are not components), each category in its original order.
 */
export function pruneComponents<C extends Components>(roots: unknown, components: C): C {
  const reached = new Set<string>();
  const pending: unknown[] = [roots];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
      continue;
    }
    for (const [key, member] of Object.entries(value)) {
      if (key === '$ref' && typeof member === 'string' && member.startsWith(PREFIX) && !reached.has(member)) {
        reached.add(member);
        const [category = '', name = ''] = member.slice(PREFIX.length).split('/');
        pending.push(components[category]?.[unescape(name)]);
      } else {
        pending.push(member);
      }
    }
  }
  return Object.fromEntries(
    Object.entries(components).map(([category, entries]) => [
      category,
      Object.fromEntries(Object.entries(entries).filter(([name]) => reached.has(`${PREFIX}${category}/${escape(name)}`))),
    ]),
  ) as C;
}

/** A JSON Pointer token (RFC 6901). */
const escape = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');
const unescape = (token: string): string => token.replaceAll('~1', '/').replaceAll('~0', '~');
