/** The loopback rule of `serve`'s development routes (src/cli/loopback.ts). */
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/cli/loopback.js';

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', '::ffff:10.0.0.1', 'example.com', 'localhost.example.com', '127.0.0.1.nip.io'])(
    '%s is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});
