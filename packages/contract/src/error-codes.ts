/**
 * The console API's error-code catalogue: the one table of what can go wrong, with the usual HTTP
 * status and what it means (rendered into ERRORS.md by `errors.ts`). Free of zod, so the browser
 * can check an answer's `code` against it (`@coffer/contract/client`).
 */
export const ERROR_CODES = {
  invalid_request: {
    status: 400,
    description:
      'The request does not match the contract (path, query or body); detailedMessage says which field.',
  },
  not_authenticated: {
    status: 401,
    description:
      'No session cookie, or the session is unknown, expired or logged out. The browser goes to /login.',
  },
  invalid_login: {
    status: 401,
    description:
      'The storage server refused the access key and secret key. One answer whether the account is unknown or the secret wrong.',
  },
  cross_origin_refused: {
    status: 403,
    description:
      "A change (POST, PUT, PATCH, DELETE) came from a page that is not the console's own origin (Origin / Sec-Fetch-Site); refused.",
  },
  too_many_login_attempts: {
    status: 429,
    description:
      'Too many failed sign-ins from this address or for this account; sign-in is refused until the back-off ends (Retry-After, in seconds). Never a permanent lock-out.',
  },
  access_denied: {
    status: 403,
    description:
      "The storage server refused the call for this account (its IAM policy); detailedMessage is the server's message.",
  },
  not_found: { status: 404, description: 'No such API path, bucket, object or version.' },
  conflict: {
    status: 409,
    description:
      'The resource is in a state that forbids the call (bucket already exists, bucket not empty, object locked).',
  },
  payload_too_large: {
    status: 413,
    description: 'An upload or body exceeded a limit of the console or the storage server.',
  },
  partial_failure: {
    status: 500,
    description:
      'A bulk operation (recursive delete, delete-objects) finished with some items failed; `outcome` has the exact counts and the first errors. The status is that of the first failure.',
  },
  storage_error: {
    status: 500,
    description:
      "Any other error answered by the storage server; detailedMessage has its code and message. The status follows the server's.",
  },
  not_implemented: {
    status: 501,
    description: 'The storage server, or this console, does not support the requested option (yet).',
  },
  sso_not_configured: {
    status: 501,
    description: 'Single sign-on was requested but no OpenID provider is configured for this console.',
  },
  sso_failed: {
    status: 401,
    description:
      'Single sign-on did not complete: the flow expired, was used already or started in another browser, the identity provider refused the code, or the storage server refused the identity (detailedMessage says which). The login screen shows it in its banner.',
  },
  idp_unreachable: {
    status: 502,
    description:
      'The OpenID identity provider cannot be reached (refused, unknown host or timed out after 10 s).',
  },
  invalid_license: {
    status: 400,
    description:
      'The license key is not a token signed with the configured license public key, is expired, or no license public key is configured.',
  },
  subscription_service_unreachable: {
    status: 503,
    description:
      "MinIO's online subscription service (sign-in with email and password) cannot be reached; the call gives up after 10 s.",
  },
  storage_unreachable: {
    status: 503,
    description: 'The storage server cannot be reached (refused, reset or timed out).',
  },
  internal_error: {
    status: 500,
    description: 'An unexpected failure inside the console; it is logged with the request id.',
  },
  admin_api_not_offered: {
    status: 501,
    description:
      "The call needs MinIO's admin API (users, groups, policies, service accounts, Access Audit, quota), which this storage server does not offer (e.g. a plain S3 server such as Ceph RGW).",
  },
  event_rule_exists: {
    status: 409,
    description:
      'The bucket already has an event rule with this ARN, events, prefix and suffix (subscribe without ignoreExisting).',
  },
  config_invalid: {
    status: 400,
    description:
      "The storage server refused a configuration change (unknown key, bad value, missing required field, unknown notification ARN); detailedMessage is the server's message.",
  },
  metrics_unavailable: {
    status: 503,
    description:
      "The dashboard's metric source could not answer: the configured Prometheus is unreachable or refused the query, or the console holds no metrics of the storage server yet (its account may not read them).",
  },
  restart_failed: {
    status: 503,
    description:
      'The storage server was asked to restart but did not answer again within the wait; the restart-required state stays.',
  },
  operator_mode_off: {
    status: 501,
    description:
      'An operator-mode call (service-account login) reached a console that is not in operator mode (no Kubernetes API server configured).',
  },
  invalid_operator_token: {
    status: 401,
    description:
      'The Kubernetes API server did not accept the service-account token (TokenReview unauthenticated, or 401 on an authorised call). The login screen shows it in its banner.',
  },
  session_kind_mismatch: {
    status: 403,
    description:
      'The call belongs to the other kind of session: tenants and storage need an operator session (operator mode), the storage server’s calls need a storage session.',
  },
  kubernetes_unreachable: {
    status: 503,
    description: 'The Kubernetes API server cannot be reached (refused, reset or timed out after 30 s).',
  },
  kubernetes_error: {
    status: 500,
    description:
      "Any other refusal of the Kubernetes API server (a Status the catalogue has no closer code for); detailedMessage is its reason and message. The status follows the API server's.",
  },
  direct_csi_not_installed: {
    status: 404,
    description:
      'The cluster has no direct-csi drives resource (direct.csi.min.io); the Drives screen shows its install notice.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
