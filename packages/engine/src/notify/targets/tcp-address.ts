/**
 * `host:port` addresses of the TCP-based targets (kafka brokers, nsqd) and the reachability probe
 * their `isActive` uses (MinIO's broker ping: a TCP connect).
 */
import net from 'node:net';
import { InvalidArgument } from '../../common/errors.js';

/** `host:port` (or `[v6]:port`) as MinIO's `xnet.ParseHost` takes it; the port is required here. */
export function parseHostPort(text: string, what: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text.trim());
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  if (match === null || host === undefined || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new InvalidArgument(`invalid ${what} '${text}': expected host:port`);
  }
  return { host, port };
}

/** True when a TCP connection to `host:port` opens within `timeoutMs`. */
export function canConnect(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (up: boolean): void => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
