/**
 * `guardPool` on its own: which events it listens to, that it reports an error once
 * when `pg` re-emits it on the pool, and that a throwing `onError` cannot bring back
 * the crash. The pools are plain event emitters shaped like `pg`'s and `mysql2`'s
 * (test/sql/dropped-connections.test.ts runs it on the real drivers and servers).
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardPool } from '../../src/layers/sql/index.js';

describe('guardPool', () => {
  it('returns the pool, listening for errors on it and on each connection it opens (pg: connect, mysql2: connection)', () => {
    const pool = new EventEmitter();
    const reported: Error[] = [];
    expect(guardPool(pool, { onError: (error) => reported.push(error) })).toBe(pool);
    const client = new EventEmitter();
    const connection = new EventEmitter();
    pool.emit('connect', client);
    pool.emit('connection', connection);
    const terminated = new Error('terminating connection due to administrator command');
    const lost = new Error('Connection lost: The server closed the connection.');
    // An idle pg client: pg-pool passes the client's error on to the pool, the same object.
    client.emit('error', terminated);
    pool.emit('error', terminated, client);
    connection.emit('error', lost);
    expect(reported).toEqual([terminated, lost]);
  });

  it('keeps an error from crashing the process without onError, and when onError throws', () => {
    const quiet = new EventEmitter();
    guardPool(quiet);
    expect(() => quiet.emit('error', new Error('idle client lost'))).not.toThrow();
    const pool = new EventEmitter();
    guardPool(pool, {
      onError: () => {
        throw new Error('logger down');
      },
    });
    const client = new EventEmitter();
    pool.emit('connect', client);
    expect(() => client.emit('error', new Error('connection reset'))).not.toThrow();
    expect(() => pool.emit('error', 'not an Error')).not.toThrow();
  });
});
