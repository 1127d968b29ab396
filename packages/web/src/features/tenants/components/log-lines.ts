/**
 * Pod log lines as the Logs tab shows them (spec 3 §2 Pod detail): ANSI escape sequences and other
 * non-printable characters stripped, and the case-insensitive 'Highlight Line' match.
 */
// CSI sequences (colours, cursor moves) and the two-character escapes.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b[@-Z\\-_]/g;
// C0 and C1 controls, DEL; a tab is kept as printable spacing.
// eslint-disable-next-line no-control-regex
const NON_PRINTABLE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

export function cleanLogLine(line: string): string {
  return line.replace(ANSI, '').replace(NON_PRINTABLE, '');
}

export function lineMatches(line: string, highlight: string): boolean {
  return highlight !== '' && line.toLowerCase().includes(highlight.toLowerCase());
}
