/**
 * @coffer/server-guard — hardening shared by the engine's and the console's HTTP servers (issue 7
 * §5): the connection guard (header, keep-alive and idle timeouts, a connection limit derived from
 * the open-file limit), the request gate (admission by a descriptor budget, MinIO's requests_max)
 * and the sign-in back-off (`LoginThrottle`) of the engine's STS and the
 * console's login. Node's `http` only; imports nothing of ours.
 */
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  connectionsCheckingInterval,
  createGuardedServer,
  defaultConnectionLimit,
  readOpenFileLimit,
  resolveConnectionGuard,
  type ConnectionGuardOptions,
  type ConnectionGuardSettings,
} from './connection-guard.js';
export {
  DEFAULT_REQUESTS_DEADLINE_MS,
  createRequestGate,
  defaultRequestSlots,
  type ReleaseSlots,
  type RequestGate,
} from './request-gate.js';
export { LoginThrottle, type LoginThrottleOptions } from './login-throttle.js';
