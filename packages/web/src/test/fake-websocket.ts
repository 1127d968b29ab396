/**
 * A stand-in for the browser's WebSocket in component tests (`vi.stubGlobal('WebSocket',
 * FakeWebSocket)`): records every socket made, what was sent and how it was closed; the test plays
 * the server by calling `onopen`, `onmessage` and `onclose`.
 */
export class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith = code;
  }
}
