import { Readable } from 'node:stream';
import type { Client } from 'minio';
import { describe, expect, it } from 'vitest';
import { recountBucket } from './bucket-recount.js';

/** Two ListObjectVersions pages: a latest and an older version of `a`, then a delete marker on `b` and `c`. */
function pagedClient() {
  const queries: string[] = [];
  const pages = [
    `<IsTruncated>true</IsTruncated><NextKeyMarker>a</NextKeyMarker><NextVersionIdMarker>v1</NextVersionIdMarker>
     <Version><Key>a</Key><VersionId>v2</VersionId><IsLatest>true</IsLatest><Size>7</Size></Version>
     <Version><Key>a</Key><VersionId>v1</VersionId><IsLatest>false</IsLatest><Size>3</Size></Version>`,
    `<IsTruncated>false</IsTruncated>
     <DeleteMarker><Key>b</Key><VersionId>d1</VersionId><IsLatest>true</IsLatest></DeleteMarker>
     <Version><Key>b</Key><VersionId>b1</VersionId><IsLatest>false</IsLatest><Size>20</Size></Version>
     <Version><Key>c</Key><VersionId>c1</VersionId><IsLatest>true</IsLatest><Size>100</Size></Version>`,
  ];
  const s3 = {
    makeRequestAsync: async ({ query }: { query: string }) => {
      queries.push(query);
      const page = query.includes('key-marker=a') ? pages[1] : pages[0];
      return Readable.from([Buffer.from(`<ListVersionsResult>${page ?? ''}</ListVersionsResult>`)]);
    },
  };
  return { s3: s3 as unknown as Client, queries };
}

describe('recountBucket', () => {
  it('sums every version but delete markers, counts keys whose latest version is an object, across pages', async () => {
    const c = pagedClient();
    expect(await recountBucket(c.s3, 'media', 100)).toEqual({ size: 130, objects: 2 });
    expect(c.queries).toHaveLength(2);
    expect(c.queries[1]).toContain('version-id-marker=v1');
  });

  it('gives no figure for a bucket with more versions than the bound', async () => {
    const c = pagedClient();
    expect(await recountBucket(c.s3, 'media', 2)).toBeUndefined();
    expect(c.queries).toHaveLength(1);
  });
});
