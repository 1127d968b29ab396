import { describe, expect, it } from 'vitest';
import { canDownload, diagnosticStatus } from './diagnostic-status.js';

describe('diagnosticStatus', () => {
  it('follows the socket: empty, in progress, success on a normal close, error otherwise', () => {
    expect(diagnosticStatus('idle')).toBe('empty');
    expect(diagnosticStatus('connecting')).toBe('inProgress');
    expect(diagnosticStatus('open')).toBe('inProgress');
    expect(diagnosticStatus('closed')).toBe('success');
    expect(diagnosticStatus('failed')).toBe('error');
  });

  it('offers the download only after success with a report', () => {
    expect(canDownload('success', true)).toBe(true);
    expect(canDownload('success', false)).toBe(false);
    expect(canDownload('inProgress', true)).toBe(false);
    expect(canDownload('error', true)).toBe(false);
  });
});
