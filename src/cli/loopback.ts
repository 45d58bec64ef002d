/**
 * Whether `serve`'s address is reachable from this machine only: the rule that keeps
 * its development routes (explain, explorer) off the network by default.
 */
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True for a loopback address (127.0.0.0/8, `::1`, an IPv4-mapped 127.x address) and
 * the name `localhost`; false for every other address or name (`0.0.0.0`, `::`, a
 * host name), which may be reachable from other machines.
 */
export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
}
