/**
 * Error Logs' pure rules (spec 2 §2 Logs, §3 "Log message", §5): the text a log message shows —
 * the console line, or the error's message with its source lines — and whether a line matches the
 * 'Highlight Line' search (case-insensitive substring).
 */

/** The fields of a log message the viewer reads. */
export interface LogLine {
  ConsoleMsg: string;
  time: string;
  level: string;
  node: string;
  api?: { name: string };
  requestID?: string;
  remotehost?: string;
  host?: string;
  userAgent?: string;
  error?: { message: string; source: string[] };
}

/** The main text of a log message. */
export function lineText(line: LogLine): string {
  return line.ConsoleMsg !== '' ? line.ConsoleMsg : (line.error?.message ?? '');
}

/** Everything a search may match: the text, the API, the request id, the error's source. */
function searchable(line: LogLine): string {
  return [
    lineText(line),
    line.api?.name,
    line.requestID,
    line.remotehost,
    line.userAgent,
    line.node,
    ...(line.error?.source ?? []),
  ]
    .filter((part) => part !== undefined && part !== '')
    .join('\n');
}

/** Does `line` match `search` (case-insensitive; an empty search matches nothing)? */
export function lineMatches(line: LogLine, search: string): boolean {
  const term = search.trim().toLowerCase();
  return term !== '' && searchable(line).toLowerCase().includes(term);
}
