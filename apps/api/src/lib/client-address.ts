import { isIPv6 } from 'node:net';

/**
 * The address a per-address limit counts. An IPv6 client is given a whole /64 (RFC 6177's
 * smallest end-site assignment), so counting each of its 2^64 addresses apart would let it
 * pick a fresh one for every request; an IPv4-mapped address counts as the IPv4 one.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) sits in the low 64 bits, which the key drops anyway.
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array(missing).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`;
}
