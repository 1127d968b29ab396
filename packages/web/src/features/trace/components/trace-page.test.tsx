/**
 * The Trace page's states (spec 2 §4 Trace, §8): not started, started once the socket opens (the
 * filters disabled), stopped when the server closes the socket; the socket's query carries the
 * form (S3 only by default). A fake WebSocket stands in for the socket.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { TracePage } from './trace-page.js';

const ids = TEST_IDS.trace;

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {}
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

const state = () => screen.getByTestId(ids.state).getAttribute('data-state');
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('Trace page', () => {
  it('starts with the form as query, disables the filters while running, and a server close stops it', () => {
    renderWithApp(<TracePage />, { handler: () => ({ status: 404, body: {} }) });
    expect(state()).toBe('notStarted');
    fireEvent.change(input(ids.threshold), { target: { value: '25' } });
    fireEvent.change(input(ids.filter('method')), { target: { value: 'PUT' } });
    fireEvent.click(screen.getByTestId(ids.start));
    const socket = FakeSocket.all[0];
    const url = new URL(socket?.url ?? '');
    expect(url.pathname).toBe('/ws/trace');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      calls: 's3',
      threshold: '25',
      onlyErrors: 'no',
      method: 'PUT',
    });
    act(() => socket?.onopen?.());
    expect(state()).toBe('running');
    expect(input(ids.call('s3')).disabled).toBe(true);
    expect(input(ids.filter('path')).disabled).toBe(true);
    act(() => socket?.onclose?.({ code: 1000, reason: '' }));
    expect(state()).toBe('stopped');
    expect(input(ids.call('s3')).disabled).toBe(false);
    expect(screen.getByTestId(ids.start)).toBeTruthy();
  });

  it('refuses a threshold that is not a whole number of milliseconds', () => {
    renderWithApp(<TracePage />, { handler: () => ({ status: 404, body: {} }) });
    fireEvent.change(input(ids.threshold), { target: { value: '-1' } });
    expect((screen.getByTestId(ids.start) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The threshold must be a whole number of milliseconds, 0 or more.')).toBeTruthy();
  });
});
