/**
 * The locally stored logged-in flag (spec 1 §3). The session itself is an HttpOnly cookie the page
 * cannot read; this flag only remembers that a sign-in happened in this browser.
 */
const KEY = 'coffer.loggedIn';

export function setLoggedInFlag(storage: Storage, value: boolean): void {
  if (value) storage.setItem(KEY, '1');
  else storage.removeItem(KEY);
}
