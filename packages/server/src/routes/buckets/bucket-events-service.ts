/**
 * A bucket's event subscriptions (spec 1 §2 Events tab, §3 "Event subscription", §7) as rules
 * of its notification configuration, read-modify-write over S3 with the session's keys
 * (`storage/s3-notification.ts`). The console speaks of event families — put, get, delete — for
 * `s3:ObjectCreated:*`, `s3:ObjectAccessed:*`, `s3:ObjectRemoved:*`; a rule stored with a
 * specific name (`s3:ObjectCreated:Put`) is listed under its family, and other families
 * (replication, restore…) are not shown. Two rules are the same when ARN, families, prefix and
 * suffix are.
 */
import { randomUUID } from 'node:crypto';
import type {
  BucketEvent,
  BucketEventConfiguration,
  BucketEventType,
  DeleteBucketEventRequest,
  ListBucketEventsResponse,
} from '@coffer/contract';
import type { Client } from 'minio';
import { ConsoleError } from '../../errors.js';
import {
  getNotificationRules,
  putNotificationRules,
  type NotificationRule,
} from '../../storage/s3-notification.js';

const FAMILY_PREFIX: Readonly<Record<BucketEventType, string>> = {
  put: 's3:ObjectCreated:',
  get: 's3:ObjectAccessed:',
  delete: 's3:ObjectRemoved:',
};
const ORDER: readonly BucketEventType[] = ['put', 'get', 'delete'];

/** The families of stored event names, each once, in put/get/delete order. */
export function familiesOf(events: readonly string[]): BucketEventType[] {
  return ORDER.filter((family) => events.some((e) => e.startsWith(FAMILY_PREFIX[family])));
}

function filterValue(rule: NotificationRule, name: 'prefix' | 'suffix'): string {
  return rule.filter.find((f) => f.name.toLowerCase() === name)?.value ?? '';
}

export function presentRule(rule: NotificationRule): BucketEvent {
  return {
    id: rule.id,
    arn: rule.arn,
    events: familiesOf(rule.events),
    prefix: filterValue(rule, 'prefix'),
    suffix: filterValue(rule, 'suffix'),
  };
}

interface RuleKey {
  arn: string;
  events: readonly BucketEventType[];
  prefix: string;
  suffix: string;
}

function sameRule(rule: NotificationRule, key: RuleKey): boolean {
  const shown = presentRule(rule);
  const wanted = ORDER.filter((f) => key.events.includes(f));
  return (
    shown.arn === key.arn &&
    shown.prefix === key.prefix &&
    shown.suffix === key.suffix &&
    shown.events.length === wanted.length &&
    shown.events.every((e, i) => e === wanted[i])
  );
}

/** GET /buckets/{bucket}/events. */
export async function listBucketEvents(s3: Client, bucket: string): Promise<ListBucketEventsResponse> {
  return { events: (await getNotificationRules(s3, bucket)).map(presentRule) };
}

/** POST /buckets/{bucket}/events: add the rule (an identical one: no change, or event_rule_exists). */
export async function subscribeBucketEvent(
  s3: Client,
  bucket: string,
  configuration: BucketEventConfiguration,
  ignoreExisting: boolean,
): Promise<void> {
  const key: RuleKey = {
    arn: configuration.arn,
    events: configuration.events,
    prefix: configuration.prefix ?? '',
    suffix: configuration.suffix ?? '',
  };
  const rules = await getNotificationRules(s3, bucket);
  if (rules.some((r) => sameRule(r, key))) {
    if (ignoreExisting) return;
    throw new ConsoleError(
      'event_rule_exists',
      'This bucket already sends these events to this ARN',
      `${key.arn} ${ORDER.filter((f) => key.events.includes(f)).join(',')} prefix '${key.prefix}' suffix '${key.suffix}'`,
    );
  }
  const filter = [
    ...(key.prefix !== '' ? [{ name: 'prefix', value: key.prefix }] : []),
    ...(key.suffix !== '' ? [{ name: 'suffix', value: key.suffix }] : []),
  ];
  const added: NotificationRule = {
    kind: 'Queue',
    id: randomUUID(),
    arn: key.arn,
    events: ORDER.filter((f) => key.events.includes(f)).map((f) => `${FAMILY_PREFIX[f]}*`),
    filter,
  };
  await putNotificationRules(s3, bucket, [...rules, added]);
}

/** DELETE /buckets/{bucket}/events/{arn}: remove that rule (none such: not_found). */
export async function deleteBucketEvent(
  s3: Client,
  bucket: string,
  arn: string,
  req: DeleteBucketEventRequest,
): Promise<void> {
  const key: RuleKey = { arn, events: req.events, prefix: req.prefix ?? '', suffix: req.suffix ?? '' };
  const rules = await getNotificationRules(s3, bucket);
  const kept = rules.filter((r) => !sameRule(r, key));
  if (kept.length === rules.length) {
    throw new ConsoleError('not_found', 'There is no such event subscription on this bucket', arn);
  }
  await putNotificationRules(s3, bucket, kept);
}
