/**
 * IP addresses and CIDR blocks for the `IpAddress` / `NotIpAddress` condition operators
 * (`aws:SourceIp`). IPv4 (`10.0.0.0/8`, `192.168.1.7`) and IPv6 (`2001:db8::/32`, `::1`) are
 * accepted; an address without a prefix length is a single host (/32 or /128). An IPv4-mapped
 * IPv6 address (`::ffff:10.1.2.3`, as Node reports IPv4 peers on dual-stack sockets) is compared as
 * the IPv4 address it carries.
 */

/** An address as 4 or 16 bytes, or undefined when the text is not an IP address. */
export function parseIp(text: string): Uint8Array | undefined {
  const s = text.trim();
  if (s.includes(':')) return parseIpv6(s);
  return parseIpv4(s);
}

function parseIpv4(s: string): Uint8Array | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i] ?? '';
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out[i] = n;
  }
  return out;
}

function parseIpv6(input: string): Uint8Array | undefined {
  // A zone (fe80::1%eth0) does not take part in matching.
  const s = input.split('%')[0] ?? '';
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string): number[] | undefined => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] ?? '';
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseIpv4(p);
        if (!v4) return undefined;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return undefined;
        out.push(parseInt(p, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[2 * i] = g >> 8;
    out[2 * i + 1] = g & 0xff;
  });
  return out;
}

/** `::ffff:a.b.c.d` → the 4 IPv4 bytes; anything else unchanged. */
function unmapIpv4(addr: Uint8Array): Uint8Array {
  if (addr.length !== 16) return addr;
  for (let i = 0; i < 10; i++) if (addr[i] !== 0) return addr;
  if (addr[10] !== 0xff || addr[11] !== 0xff) return addr;
  return addr.subarray(12);
}

export interface Cidr {
  address: Uint8Array;
  prefix: number;
}

/** `10.0.0.0/8`, `2001:db8::/32`, or a bare address → the block; undefined when malformed. */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  const raw = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!raw) return undefined;
  const address = unmapIpv4(raw);
  const bits = address.length * 8;
  if (slash < 0) return { address, prefix: bits };
  const prefixText = text.slice(slash + 1).trim();
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  let prefix = Number(prefixText);
  // A mapped IPv4 block written in IPv6 form counts its prefix over the 128 bits.
  if (raw.length === 16 && address.length === 4) prefix -= 96;
  if (prefix < 0 || prefix > bits) return undefined;
  return { address, prefix };
}

/** Is the address `ip` (text) inside `cidr`? False when `ip` is not an address. */
export function ipInCidr(ip: string, cidr: Cidr): boolean {
  const raw = parseIp(ip);
  if (!raw) return false;
  const addr = unmapIpv4(raw);
  if (addr.length !== cidr.address.length) return false;
  let bits = cidr.prefix;
  for (let i = 0; i < addr.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((addr[i] ?? 0) & mask) !== ((cidr.address[i] ?? 0) & mask)) return false;
  }
  return true;
}
