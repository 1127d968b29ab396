import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, toQuery } from './audit-search-form.js';

describe('toQuery', () => {
  it('sends only non-empty filters, as typed, in the spec order', () => {
    const form = {
      ...EMPTY_FORM,
      filters: { ...EMPTY_FORM.filters, object: ' a*b ', bucket: 'photos', request_id: '  ' },
    };
    expect(toQuery(form, 'timeDesc', 3)).toEqual({
      fp: ['bucket:photos', 'object: a*b '],
      order: 'timeDesc',
      run: 3,
    });
  });

  it('turns the local date-times into ISO and leaves open ends out', () => {
    const local = '2026-05-01T10:30';
    const query = toQuery({ ...EMPTY_FORM, start: local }, 'timeAsc', 1);
    expect(query.timeStart).toBe(new Date(local).toISOString());
    expect('timeEnd' in query).toBe(false);
    expect('timeStart' in toQuery({ ...EMPTY_FORM, start: 'not a date' }, 'timeAsc', 1)).toBe(false);
  });
});
