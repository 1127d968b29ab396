import { describe, expect, it } from 'vitest';
import {
  isPublicCannedAcl,
  parsePublicAccessBlock,
  publicAccessBlockXml,
  requestsPublicAcl,
} from './public-access-block.js';
import { MalformedXML } from '../common/errors.js';

const NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

describe('parsePublicAccessBlock', () => {
  it('reads the switches (absent ones false, any letter case) and writes them all back', () => {
    const config = parsePublicAccessBlock(
      `<PublicAccessBlockConfiguration xmlns="${NS}"><BlockPublicPolicy>TRUE</BlockPublicPolicy>` +
        '<RestrictPublicBuckets>false</RestrictPublicBuckets></PublicAccessBlockConfiguration>',
    );
    expect(config).toEqual({
      blockPublicAcls: false,
      ignorePublicAcls: false,
      blockPublicPolicy: true,
      restrictPublicBuckets: false,
    });
    expect(parsePublicAccessBlock(publicAccessBlockXml(config))).toEqual(config);
    expect(publicAccessBlockXml(config)).toContain('<BlockPublicAcls>false</BlockPublicAcls>');
    expect(parsePublicAccessBlock('<PublicAccessBlockConfiguration/>').blockPublicAcls).toBe(false);
  });

  it('refuses what is not a configuration with MalformedXML', () => {
    const bad = [
      '<PublicAccessBlockConfiguration><BlockPublicAcls>yes</BlockPublicAcls></PublicAccessBlockConfiguration>',
      '<PublicAccessBlockConfiguration><BlockPublicAcls>true</BlockPublicAcls><BlockPublicAcls>false</BlockPublicAcls></PublicAccessBlockConfiguration>',
      '<SomethingElse/>',
      'not xml',
    ];
    for (const xml of bad) expect(() => parsePublicAccessBlock(xml), xml).toThrow(MalformedXML);
  });
});

describe('requestsPublicAcl', () => {
  it('finds public canned ACLs, public group grants and public ACL bodies', () => {
    expect(requestsPublicAcl({ 'x-amz-acl': 'public-read' })).toBe(true);
    expect(requestsPublicAcl({ 'x-amz-acl': 'authenticated-read' })).toBe(true);
    expect(requestsPublicAcl({ 'x-amz-acl': 'private' })).toBe(false);
    expect(requestsPublicAcl({ 'x-amz-acl': 'bucket-owner-full-control' })).toBe(false);
    expect(
      requestsPublicAcl({ 'x-amz-grant-read': 'uri="http://acs.amazonaws.com/groups/global/AllUsers"' }),
    ).toBe(true);
    expect(requestsPublicAcl({ 'x-amz-grant-read': 'id="someone"' })).toBe(false);
    const body =
      '<AccessControlPolicy><AccessControlList><Grant><Grantee><URI>http://acs.amazonaws.com/groups/global/AuthenticatedUsers</URI>' +
      '</Grantee><Permission>READ</Permission></Grant></AccessControlList></AccessControlPolicy>';
    expect(requestsPublicAcl({}, body)).toBe(true);
    expect(requestsPublicAcl({})).toBe(false);
    expect(isPublicCannedAcl(' Public-Read-Write ')).toBe(true);
  });
});
