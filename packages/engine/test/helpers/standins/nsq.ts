/**
 * A minimal nsqd for tests (no NSQ package exists on this machine): the real TCP `  V2` protocol
 * for a publisher — the 4-byte magic, `IDENTIFY` (with feature negotiation: a JSON answer, no TLS,
 * no compression, no auth), `PUB`, `MPUB`, `NOP`, `CLS` — answered in nsqd's framing
 * (size, frame type, data), plus nsqd's HTTP `GET /ping` (`OK`) on a second port. Published
 * messages are kept per topic so a test reads back what the client sent. A wrong magic, an
 * unknown command, a bad topic name or a body whose length does not match is answered with nsqd's
 * error frame (`E_INVALID`, `E_BAD_TOPIC`, `E_BAD_BODY`), recorded in `errors` (tests assert it
 * stays empty) and the connection closed, as nsqd does. `stop()` / `start()` take it away and back
 * on the same ports, messages kept (outage tests).
 */
import http from 'node:http';
import net from 'node:net';
import { listenLoopback } from './listen.js';

export interface NsqStandin {
  readonly tcpPort: number;
  readonly httpPort: number;
  /** `127.0.0.1:<tcp port>`, the value for `nsqd_address`. */
  readonly address: string;
  /** The message bodies published to a topic, in order. */
  messages(topic: string): string[];
  /** The IDENTIFY bodies received. */
  readonly identities: Record<string, unknown>[];
  readonly errors: string[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

const FRAME_RESPONSE = 0;
const FRAME_ERROR = 1;
const MAGIC = '  V2';
const TOPIC_NAME = /^[.a-zA-Z0-9_-]{1,64}(#ephemeral)?$/;
const MAX_BODY = 1024 * 1024;

class ProtocolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startNsqStandin(): Promise<NsqStandin> {
  const topics = new Map<string, string[]>();
  const identities: Record<string, unknown>[] = [];
  const errors: string[] = [];
  const sockets = new Set<net.Socket>();
  let tcpPort = 0;
  let httpPort = 0;

  const frame = (type: number, data: string): Buffer => {
    const body = Buffer.from(data, 'utf8');
    const head = Buffer.alloc(8);
    head.writeInt32BE(4 + body.length, 0);
    head.writeInt32BE(type, 4);
    return Buffer.concat([head, body]);
  };

  const publish = (topic: string, body: Buffer): void => {
    if (!TOPIC_NAME.test(topic))
      throw new ProtocolError('E_BAD_TOPIC', `PUB topic name "${topic}" is not valid`);
    if (body.length === 0) throw new ProtocolError('E_BAD_MESSAGE', 'PUB invalid message body size 0');
    let log = topics.get(topic);
    if (log === undefined) {
      log = [];
      topics.set(topic, log);
    }
    log.push(body.toString('utf8'));
  };

  /**
   * Handles the commands complete in `data`; returns the bytes consumed (a partial command waits
   * for more data). Throws `ProtocolError` for a malformed one.
   */
  const consume = (socket: net.Socket, data: Buffer): number => {
    let at = 0;
    for (;;) {
      const newline = data.indexOf(0x0a, at);
      if (newline < 0) {
        if (data.length - at > 1024) throw new ProtocolError('E_INVALID', 'command line too long');
        return at;
      }
      const line = data.subarray(at, newline).toString('utf8').replace(/\r$/, '');
      const [command, ...params] = line.split(' ');
      const sized = (): Buffer | undefined => {
        if (data.length < newline + 5) return undefined;
        const size = data.readInt32BE(newline + 1);
        if (size <= 0 || size > MAX_BODY) {
          throw new ProtocolError('E_BAD_BODY', `${command ?? ''} invalid body size ${size}`);
        }
        if (data.length < newline + 5 + size) return undefined;
        return data.subarray(newline + 5, newline + 5 + size);
      };
      if (command === 'NOP' && params.length === 0) {
        at = newline + 1;
      } else if (command === 'CLS' && params.length === 0) {
        socket.write(frame(FRAME_RESPONSE, 'CLOSE_WAIT'));
        at = newline + 1;
      } else if (command === 'IDENTIFY' && params.length === 0) {
        const body = sized();
        if (body === undefined) return at;
        let identity: Record<string, unknown>;
        try {
          identity = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        } catch {
          throw new ProtocolError('E_BAD_BODY', 'IDENTIFY failed to decode JSON body');
        }
        identities.push(identity);
        const answer =
          identity.feature_negotiation === true
            ? JSON.stringify({
                max_rdy_count: 2500,
                version: '1.3.0',
                max_msg_timeout: 900000,
                msg_timeout: 60000,
                tls_v1: false,
                deflate: false,
                deflate_level: 6,
                max_deflate_level: 6,
                snappy: false,
                sample_rate: 0,
                auth_required: false,
                output_buffer_size: 16384,
                output_buffer_timeout: 250,
              })
            : 'OK';
        socket.write(frame(FRAME_RESPONSE, answer));
        at = newline + 5 + body.length;
      } else if (command === 'PUB' && params.length === 1) {
        const body = sized();
        if (body === undefined) return at;
        publish(params[0] ?? '', body);
        socket.write(frame(FRAME_RESPONSE, 'OK'));
        at = newline + 5 + body.length;
      } else if (command === 'MPUB' && params.length === 1) {
        const body = sized();
        if (body === undefined) return at;
        const count = body.length >= 4 ? body.readInt32BE(0) : -1;
        if (count <= 0) throw new ProtocolError('E_BAD_BODY', `MPUB invalid message count ${count}`);
        const messages: Buffer[] = [];
        let offset = 4;
        for (let i = 0; i < count; i++) {
          if (offset + 4 > body.length) throw new ProtocolError('E_BAD_BODY', 'MPUB truncated body');
          const size = body.readInt32BE(offset);
          if (size <= 0 || offset + 4 + size > body.length) {
            throw new ProtocolError('E_BAD_MESSAGE', `MPUB invalid message body size ${size}`);
          }
          messages.push(body.subarray(offset + 4, offset + 4 + size));
          offset += 4 + size;
        }
        if (offset !== body.length) throw new ProtocolError('E_BAD_BODY', 'MPUB body has trailing bytes');
        for (const message of messages) publish(params[0] ?? '', message);
        socket.write(frame(FRAME_RESPONSE, 'OK'));
        at = newline + 5 + body.length;
      } else {
        throw new ProtocolError('E_INVALID', `invalid command ${line}`);
      }
    }
  };

  const onConnection = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    let magicSeen = false;
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      try {
        if (!magicSeen) {
          if (pending.length < 4) return;
          const magic = pending.subarray(0, 4).toString('latin1');
          if (magic !== MAGIC) throw new ProtocolError('E_BAD_PROTOCOL', `bad protocol magic '${magic}'`);
          magicSeen = true;
          pending = pending.subarray(4);
        }
        pending = pending.subarray(consume(socket, pending));
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        errors.push(`${error.code} ${error.message}`);
        socket.end(frame(FRAME_ERROR, `${error.code} ${error.message}`));
      }
    });
  };

  let tcp: net.Server | undefined;
  let web: http.Server | undefined;
  const start = async (): Promise<void> => {
    const tcpServer = net.createServer(onConnection);
    tcpPort = await listenLoopback(tcpServer, tcpPort);
    tcp = tcpServer;
    const httpServer = http.createServer((req, res) => {
      const ok = req.method === 'GET' && req.url === '/ping';
      res.statusCode = ok ? 200 : 404;
      res.end(ok ? 'OK' : '{"message":"NOT_FOUND"}');
    });
    httpPort = await listenLoopback(httpServer, httpPort);
    web = httpServer;
  };
  const stop = async (): Promise<void> => {
    const closingTcp = tcp;
    const closingWeb = web;
    tcp = undefined;
    web = undefined;
    for (const socket of sockets) socket.destroy();
    closingWeb?.closeAllConnections();
    await Promise.all([
      new Promise<void>((resolve) => (closingTcp ? closingTcp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (closingWeb ? closingWeb.close(() => resolve()) : resolve())),
    ]);
  };
  await start();

  return {
    get tcpPort() {
      return tcpPort;
    },
    get httpPort() {
      return httpPort;
    },
    get address() {
      return `127.0.0.1:${tcpPort}`;
    },
    messages: (topic) => [...(topics.get(topic) ?? [])],
    identities,
    errors,
    stop,
    start,
  };
}
