/**
 * Query and mutation `meta` flags read by the app's global error handling.
 * `skipAuthRedirect`: a failure must not send the user to /login (the login screen's own calls).
 * `silent`: no error toast (spec 1 §8 lists calls whose failures are only logged).
 */
export interface CofferMeta extends Record<string, unknown> {
  skipAuthRedirect?: boolean;
  silent?: boolean;
}
