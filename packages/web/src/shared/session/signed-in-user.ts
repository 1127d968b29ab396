/**
 * The signed-in account's name, kept in local browser storage at sign-in (spec 2 §2: the users list
 * disables delete for the logged-in user, "whose name is read from local browser storage"). The
 * session cookie is HttpOnly and the session answer carries no name, so this is the page's only
 * record of who signed in. Sign-ins without an access key (SSO, operator JWT) store nothing.
 */
const KEY = 'coffer.userName';

export function storeSignedInUser(storage: Storage, name: string | null): void {
  if (name === null || name === '') storage.removeItem(KEY);
  else storage.setItem(KEY, name);
}

export function readSignedInUser(storage: Storage): string | null {
  return storage.getItem(KEY);
}
