/**
 * Where things live inside one drive directory. Everything the engine owns sits under
 * `<drive>/.coffer.sys/` so that a drive directory can be recognised (and never mixed with user
 * files):
 *
 *   format.json                  identity of the drive and the deployment (see format.ts)
 *   meta/                        the drive's LMDB environment: object, bucket, upload, system records
 *   data/<bucket>/<dataDir>/     shard files of committed objects: part.1 … part.N
 *   multipart/<uploadId>/<dir>/  shard file (part.1) of each uploaded part of an open upload
 *   tmp/<uuid>/                  writes in progress; swept at startup (never referenced by metadata)
 *
 * Directory names under data/ and multipart/ are fresh UUIDs per write, so a write never touches a
 * file a reader or the previous version still uses; they become visible only by the metadata
 * commit that references them.
 */
import { join } from 'node:path';

export const SYS_DIR = '.coffer.sys';
export const FORMAT_FILE = 'format.json';

export interface DrivePaths {
  root: string;
  sys: string;
  format: string;
  meta: string;
  data: string;
  multipart: string;
  tmp: string;
}

export function drivePaths(root: string): DrivePaths {
  const sys = join(root, SYS_DIR);
  return {
    root,
    sys,
    format: join(sys, FORMAT_FILE),
    meta: join(sys, 'meta'),
    data: join(sys, 'data'),
    multipart: join(sys, 'multipart'),
    tmp: join(sys, 'tmp'),
  };
}
