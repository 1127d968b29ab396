/**
 * POST /service/restart (spec 3 §7 "Restart"): ask the storage server to restart (admin service
 * restart, wire doc §3.12), then wait — bounded — until it answers again as a new process.
 *
 * "Again" must not be the old process answering before it went away: the server answers the
 * restart call first and restarts a moment later, and an in-place restart may keep its listening
 * socket, so no refusal need ever be seen. A new process is recognised either way: a failed
 * answer (refused, reset, 503, "initializing") followed by a good one, or an uptime shorter than
 * the old process could answer by then — it started before the restart was asked for, and at
 * least its uptime before the call earlier than that look.
 */
import { AdminApiError, type AdminClient, type InfoMessage } from '@coffer/admin-client';
import { ConsoleError } from '../../errors.js';

export interface RestartWaitOptions {
  /** How long to wait for the server to come back (default 60 s). */
  timeoutMs?: number;
  /** Pause between two looks (default 250 ms). */
  pollMs?: number;
}

/** The shortest uptime (seconds) any node reports; undefined when none does. */
function uptimeOf(info: InfoMessage): number | undefined {
  const uptimes = (info.servers ?? [])
    .map((s) => s.uptime)
    .filter((u): u is number => typeof u === 'number' && Number.isFinite(u));
  return uptimes.length > 0 ? Math.min(...uptimes) : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Restart the storage server and resolve once a new process answers; restart_failed otherwise. */
export async function restartAndWait(admin: AdminClient, options: RestartWaitOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const pollMs = options.pollMs ?? 250;
  // The old process's start, bounded from its uptime now: it can only answer longer ones later.
  const look = () =>
    admin.serverInfo().then(
      (info) => ({ uptime: uptimeOf(info), at: Date.now() }),
      () => ({ uptime: undefined, at: Date.now() }),
    );
  let before = await look();
  // Uptimes are whole seconds: a server younger than one second would answer 0 both before and
  // just after an in-place restart, so wait until the old process can be told from a new one.
  if (before.uptime === 0) {
    await sleep(1_000);
    before = await look();
  }
  const askedAt = Date.now();
  try {
    await admin.serviceRestart();
  } catch (err) {
    // The server may go down before its answer is read: that is the restart, not a failure.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ECONNRESET' && code !== 'EPIPE' && code !== 'ECONNREFUSED') throw err;
  }
  const deadline = askedAt + timeoutMs;
  let sawDown = false;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    const sentAt = Date.now();
    try {
      const info = await admin.serverInfo({
        signal: AbortSignal.timeout(Math.max(1, Math.min(5_000, deadline - sentAt))),
      });
      if (info.mode !== undefined && info.mode !== 'online') {
        sawDown = true;
        lastProblem = `the server reports mode ${info.mode}`;
      } else {
        if (sawDown) return;
        const uptime = uptimeOf(info);
        // The old process, started before `askedAt` and at least `before.uptime` seconds before
        // `before.at`, would answer at least this much.
        const oldAtLeast = Math.max(
          Math.floor((sentAt - askedAt) / 1000),
          before.uptime === undefined ? 0 : before.uptime + Math.floor((sentAt - before.at) / 1000),
        );
        if (uptime !== undefined && uptime < oldAtLeast) return;
        lastProblem = 'the server still answers as the process it was before the restart';
      }
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
      // A refusal other than "not ready" is an answer: the server is up (whatever it thinks of
      // the call — temporary credentials, say — the following calls will tell).
      const answered =
        err instanceof AdminApiError && err.status !== 503 && err.code !== 'XMinioServerNotInitialized';
      if (answered && sawDown) return;
      if (!answered) sawDown = true;
    }
    await sleep(pollMs);
  }
  throw new ConsoleError(
    'restart_failed',
    `The server did not come back within ${Math.round(timeoutMs / 1000)} seconds of the restart`,
    lastProblem,
  );
}
