// bench/cursors: the 30 cursors of one cursor page (sort `-birth_date,name`, then
// `id`), made the way a cursor page makes them, against the encoding the library
// used before issue 21 (TextEncoder, a string built byte by byte, btoa, three regex
// replaces), run side by side in one process. Run: npm run bench:cursors
import assert from 'node:assert/strict';
import { btoa } from 'node:buffer';
import { cursorEncoder } from '../../dist/paging/cursor-codec.js';
import { sortFingerprint } from '../../dist/paging/sort-fingerprint.js';
import { toBase64UrlPortable } from '../../dist/paging/base64url.js';
import { interleave } from '../paging/timing.js';

const PAGE = 30;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);
const TARGET_US = 25;

const type = 'person';
const sort = [
  { field: 'birth_date', path: ['birth_date'], direction: 'desc' },
  { field: 'name', path: ['name'], direction: 'asc' },
  { field: 'id', path: ['id'], direction: 'asc' },
];
const names = ['John', 'Jane', 'Zoë', 'Ærø', 'Alice', 'Bob', 'Ólafur'];
const keys = Array.from({ length: PAGE }, (_, index) => [
  `19${String(50 + (index % 50)).padStart(2, '0')}-0${(index % 9) + 1}-1${index % 10}`,
  `${names[index % names.length]} Number ${index + 1}`,
  String(1000 + index),
]);

/** The encoding before issue 21, kept here as the anchor. */
function before(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const fingerprint = sortFingerprint(type, sort);
const pageBefore = () => {
  const out = new Array(PAGE);
  for (let index = 0; index < PAGE; index++) out[index] = before(JSON.stringify([fingerprint, ...keys[index]]));
  return out;
};
const pageNow = () => {
  const encode = cursorEncoder(type, sort);
  return keys.map((values) => encode(values));
};
const opening = `[${JSON.stringify(fingerprint)}`;
const pagePortable = () => {
  const out = new Array(PAGE);
  for (let index = 0; index < PAGE; index++) {
    let json = opening;
    for (const value of keys[index]) json += `,${JSON.stringify(value)}`;
    out[index] = toBase64UrlPortable(`${json}]`);
  }
  return out;
};
assert.deepEqual(pageNow(), pageBefore());
assert.deepEqual(pagePortable(), pageBefore());

const batch = (run) => () => {
  for (let index = 0; index < 20; index++) run();
};
const timed = await interleave(
  { before: batch(pageBefore), now: batch(pageNow), portable: batch(pagePortable) },
  ROUNDS,
);
const us = (name) => (timed.ms[name] * 1000) / 20;
console.log(`A page's ${PAGE} cursors (sort -birth_date,name,id), node ${process.version}, median of ${ROUNDS} interleaved rounds\n`);
console.log('| encoding | µs per page | ÷ before |');
console.log('|---|---:|---:|');
console.log(`| before issue 21 (TextEncoder, byte loop, btoa, regex) | ${us('before').toFixed(1)} | 1.00× |`);
console.log(`| now (Buffer where it exists) | ${us('now').toFixed(1)} | ${timed.ratio('now', 'before').toFixed(2)}× |`);
console.log(`| portable fallback (no Buffer: Deno without node compat, workerd, browsers) | ${us('portable').toFixed(1)} | ${timed.ratio('portable', 'before').toFixed(2)}× |`);
// The target is 25 µs against 66 µs before on the machine: the same ratio here.
const limit = TARGET_US / 66;
const ratio = timed.ratio('now', 'before');
console.log(`\nnow ÷ before: ${ratio.toFixed(2)}× (target ≤ ${limit.toFixed(2)}×, 25 µs of the issue's 66) ${ratio <= limit ? 'PASS' : 'FAIL'}`);
