/**
 * The Logs page's frame (spec 2 §2 Logs, §6): Audit Logs is enabled only with the session feature
 * log-search and a mounted audit view; Error Logs opens /ws/console on mount and a server close
 * marks it stopped (§8). A fake WebSocket stands in for the socket.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { SESSION, renderWithApp } from '../../../test/render.js';
import { LogsPage } from './logs-page.js';

const ids = TEST_IDS.logs;

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
}

const noCalls = () => ({ status: 404, body: {} });

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('Logs page', () => {
  it('keeps Audit Logs disabled without log-search, or without an audit view', () => {
    renderWithApp(<LogsPage auditLogs={<div>audit view</div>} />, { handler: noCalls });
    expect((screen.getByTestId(ids.tab('audit')) as HTMLButtonElement).disabled).toBe(true);
  });

  it('enables Audit Logs with log-search and shows the mounted view', () => {
    const session = { ...SESSION, features: ['log-search'] };
    renderWithApp(<LogsPage auditLogs={<div>audit view</div>} />, { handler: noCalls, session });
    const tab = screen.getByTestId(ids.tab('audit')) as HTMLButtonElement;
    expect(tab.disabled).toBe(false);
    fireEvent.click(tab);
    expect(screen.getByText('audit view')).toBeTruthy();
  });

  it('Error Logs opens /ws/console, highlights matching lines, and a server close marks it stopped', async () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setInterval', 'clearInterval'],
    });
    try {
      renderWithApp(<LogsPage />, { handler: noCalls });
      const socket = FakeSocket.all[0];
      expect(socket?.url).toMatch(/\/ws\/console$/);
      act(() => socket?.onopen?.());
      expect(screen.getByTestId(ids.state).getAttribute('data-state')).toBe('running');
      act(() => {
        socket?.onmessage?.({
          data: JSON.stringify({
            ConsoleMsg: 'Engine Listening',
            time: '2026-01-01T00:00:00Z',
            level: 'INFO',
            node: 'n',
          }),
        });
        vi.advanceTimersToNextFrame();
      });
      const line = screen.getByTestId(ids.line);
      expect(line.getAttribute('data-highlighted')).toBe('no');
      fireEvent.change(screen.getByTestId(ids.highlight), { target: { value: 'engine listening' } });
      expect(screen.getByTestId(ids.line).getAttribute('data-highlighted')).toBe('yes');
      act(() => socket?.onclose?.({ code: 1000, reason: '' }));
      expect(screen.getByTestId(ids.state).getAttribute('data-state')).toBe('stopped');
    } finally {
      vi.useRealTimers();
    }
  });
});
