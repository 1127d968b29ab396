/** The logger and audit webhooks (issue 10 §1): MinIO's entries, delivery queues, the system. */
export { LoggingSystem, LOGGER_SUBSYSTEM, AUDIT_SUBSYSTEM } from './logging-system.js';
export type { AuditRequest, AuditEntry, LogEntry, LogProblem } from './entries.js';
export { canonicalHeaderName } from './entries.js';
export { DeliveryQueue } from './delivery-queue.js';
export { TraceHub, TRACE_TYPE, shouldTrace, type TraceInfo, type TraceOptions } from './trace-hub.js';
export { ConsoleLog, logMask, type ConsoleLogEntry, type ConsoleLogFilter } from './console-log.js';
export { LiveFeed } from './live-feed.js';
