/**
 * MinIO's object event names (wire doc §5.1, `internal/event/name.go`) and the filters over them.
 * Only the names this engine emits today are in `ObjectEventName`; later issues add theirs
 * (replication, lifecycle transitions) here so every subscriber sees one vocabulary.
 */

/** Every object event name the engine emits. */
export const OBJECT_EVENT_NAMES = [
  's3:ObjectCreated:Put',
  's3:ObjectCreated:Post',
  's3:ObjectCreated:Copy',
  's3:ObjectCreated:CompleteMultipartUpload',
  's3:ObjectCreated:PutTagging',
  's3:ObjectCreated:DeleteTagging',
  's3:ObjectCreated:PutRetention',
  's3:ObjectCreated:PutLegalHold',
  's3:ObjectRemoved:Delete',
  's3:ObjectRemoved:DeleteMarkerCreated',
  // Reads (issue 10 §7): published by the GET and HEAD object handlers after a successful answer.
  's3:ObjectAccessed:Get',
  's3:ObjectAccessed:Head',
] as const;

export type ObjectEventName = (typeof OBJECT_EVENT_NAMES)[number];

/** A name or MinIO's wildcard form of a group (`s3:ObjectCreated:*`, `s3:ObjectRemoved:*`, …). */
export type ObjectEventPattern =
  ObjectEventName | 's3:ObjectCreated:*' | 's3:ObjectRemoved:*' | 's3:ObjectAccessed:*';

const KNOWN = new Set<string>(OBJECT_EVENT_NAMES);

/** Whether `name` is an event name this engine emits (for validating user input). */
export function isObjectEventName(name: string): name is ObjectEventName {
  return KNOWN.has(name);
}

/** The names a list of patterns stands for (wildcards expanded). */
export function expandEventPatterns(patterns: readonly ObjectEventPattern[]): Set<ObjectEventName> {
  const out = new Set<ObjectEventName>();
  for (const pattern of patterns) {
    if (pattern.endsWith(':*')) {
      const group = pattern.slice(0, -1);
      for (const name of OBJECT_EVENT_NAMES) if (name.startsWith(group)) out.add(name);
    } else {
      out.add(pattern as ObjectEventName);
    }
  }
  return out;
}

/** Whether the event removes something (MinIO leaves size, ETag and metadata out of those records). */
export function isRemovalEvent(name: ObjectEventName): boolean {
  return name.startsWith('s3:ObjectRemoved:');
}
