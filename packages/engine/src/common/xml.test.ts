import { describe, expect, it } from 'vitest';
import { asArray, parseXml, toXml } from './xml.js';
import { MalformedXML } from './errors.js';

describe('toXml', () => {
  it('serialises objects in order, arrays as repeated elements, dates with milliseconds', () => {
    const xml = toXml('Root', {
      B: 'x<&>"\'y',
      A: [1, 2],
      When: new Date(Date.UTC(2006, 0, 2, 15, 4, 5)),
      Skip: undefined,
      Gone: null,
      Nested: { Flag: true, Empty: '' },
    });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Root xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        '<B>x&lt;&amp;&gt;&quot;&apos;y</B><A>1</A><A>2</A><When>2006-01-02T15:04:05.000Z</When>' +
        '<Nested><Flag>true</Flag><Empty></Empty></Nested></Root>',
    );
  });

  it('honours xmlns options', () => {
    expect(toXml('E', {}, { xmlns: false })).toBe('<?xml version="1.0" encoding="UTF-8"?><E></E>');
    expect(toXml('E', {}, { xmlns: 'urn:x' })).toContain('<E xmlns="urn:x">');
  });

  it('interleaves elements of different names through # keys and writes #text', () => {
    const xml = toXml(
      'R',
      { '#entries': [{ Version: { K: 'a' } }, { DeleteMarker: { K: 'a' } }, { Version: { K: 'b' } }] },
      { xmlns: false },
    );
    expect(xml).toContain(
      '<R><Version><K>a</K></Version><DeleteMarker><K>a</K></DeleteMarker><Version><K>b</K></Version></R>',
    );
    expect(toXml('L', { '#text': 'us-east-1' })).toContain('>us-east-1</L>');
  });
});

describe('parseXml', () => {
  it('parses nested documents, keeps leaf text exactly, ignores attributes and namespaces', () => {
    const doc = parseXml(
      '<?xml version="1.0"?>\n<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">\n' +
        '  <Object><Key>  spaced key  </Key></Object>\n  <Object><Key>a &amp;#x41; &#x41;&lt;</Key></Object>\n' +
        '  <Quiet>true</Quiet><Empty/>\n</Delete>',
    );
    const root = doc.Delete as Record<string, unknown>;
    const objects = asArray(root.Object) as Record<string, unknown>[];
    expect(objects.map((o) => o.Key)).toEqual(['  spaced key  ', 'a &#x41; A<']);
    expect(root.Quiet).toBe('true');
    expect(root.Empty).toBe('');
  });

  it('refuses malformed documents, DTDs and unknown entities', () => {
    for (const bad of [
      '',
      '<a><b></a>',
      'not xml',
      '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>',
      '<a>&nbsp;</a>',
    ]) {
      expect(() => parseXml(bad), bad).toThrow(MalformedXML);
    }
  });

  it('asArray normalises one, many and none', () => {
    expect(asArray(undefined)).toEqual([]);
    expect(asArray('x')).toEqual(['x']);
    expect(asArray(['x', 'y'])).toEqual(['x', 'y']);
  });
});
