/**
 * The one error class for refusing to start: drive directories that cannot be used, drives that
 * belong to another deployment or sit in the wrong slot, too few drives for read quorum. The
 * message is the whole diagnosis — the CLI prints it as is — so it names the path, what was found
 * and what the operator can do about it.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
  /** The drive path the problem is about, when there is one. */
  readonly drive?: string;
  constructor(message: string, drive?: string) {
    super(message);
    if (drive !== undefined) this.drive = drive;
  }
}
