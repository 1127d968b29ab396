/**
 * The MQTT notification target (`notify_mqtt`, Mosquitto and any MQTT 3.1.1 broker) with mqtt.js,
 * following MinIO's: a clean-session client that connects in the background and reconnects by
 * itself every `reconnect_interval` (1 s when unset), publishing the event (`{EventName, Key,
 * Records}` JSON) to `topic` at `qos`. `send` rejects at once while the client is not connected
 * (nothing is queued inside the client: the notification core keeps the event and retries), and
 * resolves at QoS 1/2 on the broker's PUBACK/PUBCOMP, at QoS 0 once the PUBLISH is written (QoS 0
 * has no acknowledgement; MinIO requires qos 1 or 2 with a `queue_dir` for that reason). A publish
 * not acknowledged within 5 s rejects (MinIO's wait), so a retry may deliver an event twice.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { checkQueueKeys, duration, messageOf, text, unsigned, withTimeout } from './broker-values.js';

/** The `notify_mqtt` values a target uses, parsed. */
export interface MqttArgs {
  /** The broker URL as mqtt.js takes it (`tcps://` mapped to `mqtts://`). */
  broker: string;
  topic: string;
  qos: 0 | 1 | 2;
  username: string;
  password: string;
  /** Milliseconds between reconnection attempts. */
  reconnectIntervalMs: number;
  /** Keep-alive in seconds; undefined: mqtt.js's default (60 s). */
  keepAliveSeconds: number | undefined;
}

/** MinIO's accepted schemes (and mqtt.js's own) → mqtt.js's. */
const SCHEMES: Record<string, string> = {
  mqtt: 'mqtt',
  mqtts: 'mqtts',
  tcp: 'mqtt',
  ssl: 'mqtts',
  tls: 'mqtts',
  tcps: 'mqtts',
  ws: 'ws',
  wss: 'wss',
};

const PUBLISH_TIMEOUT_MS = 5000;
/** How long `isActive` waits for a connection in progress. */
const ACTIVE_WAIT_MS = 1500;

/** Parses and checks `notify_mqtt` values; throws `InvalidArgument` with MinIO's wording where it has one. */
export function parseMqttArgs(values: ConfigValues): MqttArgs {
  const brokerText = text(values, 'broker');
  let broker: URL;
  try {
    broker = new URL(brokerText);
  } catch {
    throw new InvalidArgument(`broker: '${brokerText}' is not a broker address (e.g. tcp://localhost:1883)`);
  }
  const scheme = SCHEMES[broker.protocol.replace(/:$/, '').toLowerCase()];
  if (scheme === undefined || broker.hostname === '') {
    throw new InvalidArgument('unknown protocol in broker address');
  }
  const topic = text(values, 'topic');
  if (topic === '') throw new InvalidArgument('topic: an MQTT topic is required');
  if (/[#+]/.test(topic))
    throw new InvalidArgument(`topic: '${topic}' has a wildcard; publish needs a plain topic`);
  const qos = unsigned(values, 'qos', 0, 2) as 0 | 1 | 2;
  const { queueDir } = checkQueueKeys(values);
  if (queueDir !== '' && qos === 0)
    throw new InvalidArgument('qos should be set to 1 or 2 if queueDir is set');
  const keepAliveMs = duration(values, 'keep_alive_interval', 0);
  const reconnectMs = duration(values, 'reconnect_interval', 0);
  return {
    broker: `${scheme}://${broker.host}${broker.pathname === '/' ? '' : broker.pathname}`,
    topic,
    qos,
    username: text(values, 'username'),
    password: values.get('password') ?? '',
    reconnectIntervalMs: reconnectMs > 0 ? reconnectMs : 1000,
    keepAliveSeconds: keepAliveMs > 0 ? Math.max(1, Math.round(keepAliveMs / 1000)) : undefined,
  };
}

class MqttTarget implements NotificationTarget {
  readonly service = 'mqtt' as const;
  private readonly client: MqttClient;
  private lastError = '';

  constructor(
    readonly id: string,
    private readonly args: MqttArgs,
    private readonly log: (line: string) => void,
  ) {
    this.client = mqtt.connect(args.broker, {
      clean: true,
      reconnectPeriod: args.reconnectIntervalMs,
      connectTimeout: 2000,
      // The core queues: a QoS 0 publish while offline must fail, not wait in the client.
      queueQoSZero: false,
      ...(args.keepAliveSeconds !== undefined ? { keepalive: args.keepAliveSeconds } : {}),
      ...(args.username !== '' ? { username: args.username } : {}),
      ...(args.password !== '' ? { password: args.password } : {}),
    });
    this.client.on('error', (err) => {
      // Logged once per distinct error: a broker that stays down must not fill the log.
      if (err.message !== this.lastError) this.log(`mqtt ${this.id}: ${err.message}`);
      this.lastError = err.message;
    });
    this.client.on('connect', () => (this.lastError = ''));
  }

  async send(event: TargetEvent): Promise<void> {
    if (this.client.disconnecting) throw new Error(`mqtt target ${this.id} is closed`);
    if (!this.client.connected) throw new Error(`mqtt ${this.id}: not connected to ${this.args.broker}`);
    const payload = JSON.stringify(event);
    await withTimeout(
      this.client.publishAsync(this.args.topic, payload, { qos: this.args.qos }),
      PUBLISH_TIMEOUT_MS,
      `mqtt ${this.id}: the broker did not acknowledge the event`,
    ).catch((err: unknown) => {
      throw new Error(`mqtt ${this.id}: ${messageOf(err)}`);
    });
  }

  async isActive(): Promise<boolean> {
    if (this.client.connected) return true;
    if (this.client.disconnecting) return false;
    // A reconnection may be under way: give it a moment, bounded by the ~2 s isActive budget.
    return new Promise<boolean>((resolve) => {
      const onConnect = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.client.removeListener('connect', onConnect);
        resolve(this.client.connected);
      }, ACTIVE_WAIT_MS);
      this.client.once('connect', onConnect);
    });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true).catch(() => undefined);
  }
}

/** `notify_mqtt` targets. */
export const mqttTargetFactory: TargetFactory = {
  service: 'mqtt',
  create(id, values, log) {
    return new MqttTarget(id, parseMqttArgs(values), log);
  },
};
