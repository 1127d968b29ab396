/** An IPv4 client address as a dual-stack socket reports it ('::ffff:127.0.0.1'), in its plain form. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}
