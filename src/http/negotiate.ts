/**
 * Content negotiation as JSON:API 1.1 specifies it for the `Accept` and
 * `Content-Type` request headers. A writable handler supports the Atomic Operations
 * extension (`extensions`); a read-only one supports none. Of the profiles
 * a client asks for in `Accept` it applies the Cursor Pagination profile where it can
 * (`requestedProfiles`) and ignores the others, as JSON:API lets a server do.
 */

import { shortTextMemo } from './short-text-memo.js';

/** The JSON:API media type. */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/**
 * Whether a response in the JSON:API media type is acceptable. Following JSON:API 1.1
 * exactly, it is not (406) only when `Accept` holds the JSON:API media type and every
 * instance of it carries a media type parameter other than `ext`/`profile`, asks for
 * an extension (`ext`), or has `q=0`. Any other `Accept` (absent, any type,
 * `application/*`, or naming only other types) is served as JSON:API.
 */
export function isAcceptable(accept: string | undefined, extensions: ReadonlySet<string> = NO_EXTENSIONS): boolean {
  if (accept === undefined) return true;
  let instances = 0;
  for (const range of splitList(accept)) {
    const { type, parameters, quality } = parseMediaRange(range);
    if (type !== JSON_API_MEDIA_TYPE) continue;
    instances++;
    if (quality !== 0 && supportsParameters(parameters, extensions)) return true;
  }
  return instances === 0;
}

/**
 * The profiles a client asks the server to apply (JSON:API 1.1, "Content
 * Negotiation"): the `profile` parameters of the acceptable instances of the JSON:API
 * media type in `Accept` (those `isAcceptable` counts) with the highest `q` weight,
 * each a space-separated list of URIs, usually quoted. Empty when `Accept` is absent or
 * names the media type only without `profile`. A profile listed only with a lower
 * weight than a plain instance is not asked for: the client prefers the plain one.
 */
export function requestedProfiles(accept: string | undefined): ReadonlySet<string> {
  const profiles = new Set<string>();
  if (accept === undefined) return profiles;
  let best = 0;
  for (const range of splitList(accept)) {
    const { type, parameters, quality } = parseMediaRange(range);
    if (type !== JSON_API_MEDIA_TYPE || quality <= 0 || quality < best || !supportsParameters(parameters, NO_EXTENSIONS)) continue;
    if (quality > best) {
      best = quality;
      profiles.clear();
    }
    for (const uri of (parameters.get('profile') ?? '').split(' ')) if (uri !== '') profiles.add(uri);
  }
  return profiles;
}

/**
 * Whether a request's `Content-Type` is allowed: 415 when it is the JSON:API media
 * type with a parameter other than `ext`/`profile`, or with an extension.
 */
export function isSupportedContentType(contentType: string | undefined, extensions: ReadonlySet<string> = NO_EXTENSIONS): boolean {
  if (contentType === undefined) return true;
  const { type, parameters } = parseMediaRange(contentType);
  return type !== JSON_API_MEDIA_TYPE || supportsParameters(parameters, extensions);
}

/**
 * The media type of a request body: whether `Content-Type` is the JSON:API media type,
 * and the extensions its `ext` parameter applies (JSON:API 1.1: a space-separated list
 * of URIs).
 */
export function contentExtensions(contentType: string | undefined): { readonly jsonApi: boolean; readonly extensions: ReadonlySet<string> } {
  if (contentType === undefined) return { jsonApi: false, extensions: NO_EXTENSIONS };
  const { type, parameters } = parseMediaRange(contentType);
  const ext = parameters.get('ext');
  return { jsonApi: type === JSON_API_MEDIA_TYPE, extensions: ext === undefined ? NO_EXTENSIONS : uriList(ext) };
}

/** A header's value as one string: repeated headers are joined with commas (RFC 9110). */
export function headerValue(value: string | readonly string[] | undefined): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  return value.length === 0 ? undefined : value.join(', ');
}

interface MediaRange {
  readonly type: string;
  /** Media type parameters (before `q`), names lower-cased. */
  readonly parameters: ReadonlyMap<string, string>;
  /** The `q` weight; 1 when absent. */
  readonly quality: number;
}

const NO_EXTENSIONS: ReadonlySet<string> = new Set();

function supportsParameters(parameters: ReadonlyMap<string, string>, extensions: ReadonlySet<string>): boolean {
  for (const [name, value] of parameters) {
    if (name === 'profile') continue;
    if (name === 'ext' && [...uriList(value)].every((uri) => extensions.has(uri))) continue;
    return false;
  }
  return true;
}

/** The URIs of an `ext` or `profile` parameter's value, space-separated. */
function uriList(value: string | undefined): ReadonlySet<string> {
  return new Set((value ?? '').split(' ').filter((uri) => uri !== ''));
}

/** A media range parsed, remembered by text: clients send the same few `Content-Type` values request after request. */
const parseMediaRange = shortTextMemo(readMediaRange);

function readMediaRange(text: string): MediaRange {
  const [head = '', ...rest] = splitOutside(text, ';');
  const parameters = new Map<string, string>();
  let quality = 1;
  for (const part of rest) {
    const equals = part.indexOf('=');
    const name = (equals === -1 ? part : part.slice(0, equals)).trim().toLowerCase();
    const value = unquote(equals === -1 ? '' : part.slice(equals + 1).trim());
    if (name === 'q') {
      // Everything after `q` is an accept extension, not a media type parameter.
      const weight = Number(value);
      quality = Number.isFinite(weight) ? weight : 1;
      break;
    }
    if (name !== '') parameters.set(name, value);
  }
  return Object.freeze({ type: head.trim().toLowerCase(), parameters, quality });
}

function splitList(header: string): string[] {
  return splitOutside(header, ',').filter((item) => item.trim() !== '');
}

/** Splits on a separator outside double-quoted strings. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (char === '\\' && quoted) index++;
    else if (char === separator && !quoted) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  return value.slice(1, -1).replace(/\\(.)/g, '$1');
}
