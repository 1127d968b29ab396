/**
 * Whether the storage server needs a restart (spec 3 §2 restart banner, §4 "Saving a
 * configuration or notification target marks the server as needing a restart"): remembered in
 * memory per storage server, so a reload of the console still shows the banner; set when a change
 * answers "restart needed", cleared by a successful restart through the console. A console
 * restart forgets it (the storage server does not report it).
 */
export class RestartState {
  private readonly pending = new Set<string>();

  /** Record a change's answer for `server`. */
  noteChange(server: string, restart: boolean): void {
    if (restart) this.pending.add(server);
  }

  required(server: string): boolean {
    return this.pending.has(server);
  }

  clear(server: string): void {
    this.pending.delete(server);
  }
}
