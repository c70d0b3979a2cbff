import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses count as public, for fetching user-given URLs. Everything a server should not
 * reach on a user's behalf is refused: loopback, private (RFC 1918, CGNAT, ULA), link-local,
 * unspecified, multicast, documentation, benchmarking and reserved ranges, in IPv4 and IPv6;
 * IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4) are judged by that address.
 */

type Range = readonly [bytes: readonly number[], prefix: number];

const IPV4_NOT_PUBLIC: Range[] = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved and broadcast
];

// Public IPv6 is global unicast (2000::/3) minus these; everything outside 2000::/3 (loopback,
// unspecified, ULA fc00::/7, link-local fe80::/10, multicast ff00::/8...) is not public.
const IPV6_GLOBAL_NOT_PUBLIC: Range[] = [
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments, Teredo
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff, 0x00, 0x00], 20], // documentation
];

function inRange(bytes: Uint8Array | readonly number[], [base, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const bits = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - bits)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((base[index] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** The 16 bytes of a valid IPv6 address (zone index dropped; a dotted IPv4 tail allowed). */
export function ipv6Bytes(text: string): Uint8Array {
  let address = text.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(dotted[1]);
    address = `${address.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

const MAPPED: Range = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96];
const NAT64: Range = [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96];
const SIX_TO_FOUR: Range = [[0x20, 0x02], 16];

function isPublicIpv4(bytes: readonly number[]): boolean {
  return !IPV4_NOT_PUBLIC.some((range) => inRange(bytes, range));
}

function isPublicIpv6(bytes: Uint8Array): boolean {
  if (inRange(bytes, MAPPED) || inRange(bytes, NAT64)) return isPublicIpv4([...bytes.subarray(12, 16)]);
  if (inRange(bytes, SIX_TO_FOUR)) return isPublicIpv4([...bytes.subarray(2, 6)]);
  if (!inRange(bytes, [[0x20], 3])) return false;
  return !IPV6_GLOBAL_NOT_PUBLIC.some((range) => inRange(bytes, range));
}

/** True for an address a user-given URL may reach; false for anything else, including non-addresses. */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return isPublicIpv4(ipv4Bytes(bare));
  if (isIPv6(bare.split('%')[0] ?? '')) return isPublicIpv6(ipv6Bytes(bare));
  return false;
}
