/**
 * The text of a document's primary data, cut out of the document's text: an Atomic
 * Operations response lists the resources its operations wrote as the serializer
 * wrote them for their read back, without parsing each document and writing it again.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const DATA_MEMBER = '{"data":';

/**
 * The JSON text of `data` in `document`, a document as the serializer writes it (its
 * first member `data`, an object, an array or `null`, no white space).
 *
 * @example
 * primaryDataText('{"data":{"type":"person","id":"1"},"jsonapi":{"version":"1.0"}}'); // '{"type":"person","id":"1"}'
 */
export function primaryDataText(document: string): string {
  if (!document.startsWith(DATA_MEMBER)) throw new Error('A document whose first member is not data');
  const start = DATA_MEMBER.length;
  const first = document.charCodeAt(start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    const end = document.indexOf(',', start);
    return document.slice(start, end === -1 ? document.length - 1 : end);
  }
  let depth = 0;
  let inString = false;
  for (let index = start; index < document.length; index++) {
    const code = document.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
    } else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) {
      return document.slice(start, index + 1);
    }
  }
  throw new Error('A document whose data does not end');
}
