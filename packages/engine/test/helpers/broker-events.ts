/**
 * Events for the messaging targets' tests (amqp, mqtt, nats): `TargetEvent`s built with the engine's
 * own record builder (MinIO's `Records[]` entry), and `waitFor`, which polls a condition on the
 * state a test reads back from a real broker (no fixed sleeps; the deadline only turns a hang into
 * a failure that says what was awaited).
 */
import { buildEventRecord, type ObjectEventName } from '../../src/events/index.js';
import type { TargetEvent } from '../../src/notify/index.js';

const identity = {
  region: 'us-east-1',
  deploymentId: '8d1c5e76-1f45-4c3b-9c4e-6a0f6b1e2d3c',
  endpoint: () => '127.0.0.1:9000',
  hostId: () => 'f'.repeat(64),
};

/** One event as the notification core hands it to a target. */
export function targetEvent(name: ObjectEventName, bucket: string, key: string, sequence = 1): TargetEvent {
  const record = buildEventRecord(
    {
      name,
      bucket,
      key,
      time: new Date(Date.UTC(2026, 10, 25, 4, 30, 0, sequence)),
      sequencer: sequence.toString(16).toUpperCase().padStart(16, '0'),
      origin: {
        principalId: 'minioadmin',
        requestId: `REQ${sequence}`,
        sourceIp: '127.0.0.1',
        sourcePort: '54321',
        userAgent: 'test',
      },
    },
    identity,
  );
  return { EventName: name, Key: `${bucket}/${key}`, Records: [record] };
}

/** Resolves once `condition()` holds, polling every 20 ms; rejects after `timeoutMs` naming `what`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A log sink that keeps the lines (a target must never log a password). */
export function logLines(): { lines: string[]; log: (line: string) => void } {
  const lines: string[] = [];
  return { lines, log: (line) => lines.push(line) };
}
