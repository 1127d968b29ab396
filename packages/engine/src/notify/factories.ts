/**
 * The registry of target factories: one per service, keyed by the service's ARN name. Each service's
 * factory lives in `targets/<service>.ts`. `notify_postgres` is the one sub-system whose name
 * differs from its ARN service (`postgresql`), as in MinIO.
 */
import type { NotifyService, TargetFactory } from './target.js';
import { webhookFactory } from './targets/webhook.js';
import { kafkaTargetFactory } from './targets/kafka.js';
import { elasticsearchTargetFactory } from './targets/elasticsearch.js';
import { nsqTargetFactory } from './targets/nsq.js';
import { redisTargetFactory } from './targets/redis.js';
import { postgresqlTargetFactory } from './targets/postgresql.js';
import { mysqlTargetFactory } from './targets/mysql.js';
import { amqpTargetFactory } from './targets/amqp.js';
import { mqttTargetFactory } from './targets/mqtt.js';
import { natsTargetFactory } from './targets/nats.js';

/** The configuration sub-system of a service (`notify_webhook`, `notify_postgres`, …). */
export function notifySubsystem(service: NotifyService): string {
  return service === 'postgresql' ? 'notify_postgres' : `notify_${service}`;
}

/** Every factory the engine ships. */
export function defaultTargetFactories(): TargetFactory[] {
  return [
    // One line per service (kept multi-line so each service's branch adds only its own lines).
    webhookFactory,
    kafkaTargetFactory,
    elasticsearchTargetFactory,
    nsqTargetFactory,
    redisTargetFactory,
    postgresqlTargetFactory,
    mysqlTargetFactory,
    amqpTargetFactory,
    mqttTargetFactory,
    natsTargetFactory,
  ];
}
