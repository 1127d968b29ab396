/** Object events: the hub every committed object change is published to, and the object layer decorator that publishes. */
export {
  createEventHub,
  DEFAULT_QUEUE_LIMIT,
  type EventFilter,
  type EventHandler,
  type EventHubOptions,
  type HubStats,
  type ObjectChange,
  type ObjectEvent,
  type ObjectEventHub,
  type SubscribeOptions,
  type SubscriberStats,
} from './event-hub.js';
export {
  expandEventPatterns,
  isObjectEventName,
  OBJECT_EVENT_NAMES,
  type ObjectEventName,
  type ObjectEventPattern,
} from './event-names.js';
export { buildEventRecord, queryEscape, type ObjectEventRecord } from './event-record.js';
export { withObjectEvents } from './eventing-object-layer.js';
