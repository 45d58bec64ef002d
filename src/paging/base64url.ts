/**
 * base64url (RFC 4648 §5, no padding) of UTF-8 text, with the standard `btoa`/`atob`
 * and `TextEncoder`/`TextDecoder`, so it runs in Node.js and browsers alike.
 */

const ALPHABET = /^[A-Za-z0-9_-]*$/;

/** base64url of the UTF-8 bytes of `text`, without padding. */
export function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  // Stryker disable next-line Regex: "=" only ever ends base64, so /=+/ without "$" removes the same padding
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The UTF-8 text of base64url; `undefined` when it is not base64url without
 * padding or not valid UTF-8.
 */
export function fromBase64Url(encoded: string): string | undefined {
  if (!ALPHABET.test(encoded) || encoded.length % 4 === 1) return undefined;
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  }
  // Stryker disable next-line BlockStatement: an empty catch also ends the function with undefined
  catch {
    return undefined;
  }
}
