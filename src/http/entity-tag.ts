/**
 * Entity tags of versioned resources (docs/writes.md, "Versions"): a strong `ETag`
 * made of the type, the id and the version, and the `If-Match` header read back into
 * the versions a write may find.
 */
import type { Id } from '../layers/data-layer.js';

/** What `If-Match` asks: any current representation (`*`), or one of the listed entity tags. */
export type IfMatch = { readonly kind: 'any' } | { readonly kind: 'tags'; readonly tags: readonly string[] };

/**
 * The strong entity tag of a resource at a version: `"person:1:3"`, the type and id
 * percent-encoded so that the tag holds only characters an entity tag allows and
 * never a `:` of theirs.
 */
export function entityTag(type: string, id: Id, version: number): string {
  return `"${encodeURIComponent(type)}:${encodeURIComponent(String(id))}:${String(version)}"`;
}

/**
 * Reads an `If-Match` value (`*`, or a comma-separated list of entity tags). A weak
 * tag (`W/"…"`) is kept with its prefix, so that it never matches (If-Match compares
 * strongly). `undefined` when the value is not a valid header: it matches nothing.
 */
export function parseIfMatch(value: string): IfMatch | undefined {
  const text = value.trim();
  if (text === '*') return { kind: 'any' };
  const tags: string[] = [];
  const tag = /\s*((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/y;
  while (tag.lastIndex < text.length) {
    const match = tag.exec(text);
    if (match?.[1] === undefined) return undefined;
    tags.push(match[1]);
  }
  return tags.length === 0 ? undefined : { kind: 'tags', tags };
}

/** The versions of `type` `id` that the tags name (none: the precondition cannot hold). */
export function versionsIn(tags: readonly string[], type: string, id: Id): number[] {
  const prefix = `"${encodeURIComponent(type)}:${encodeURIComponent(String(id))}:`;
  const versions: number[] = [];
  for (const tag of tags) {
    if (!tag.startsWith(prefix)) continue;
    const version = tag.slice(prefix.length, -1);
    if (/^(?:0|[1-9][0-9]{0,15})$/.test(version) && Number.isSafeInteger(Number(version))) versions.push(Number(version));
  }
  return versions;
}
