/**
 * A refused configuration change or an unreadable KV text, with MinIO's message; the admin API
 * answers it as XMinioAdminConfigBadJSON (400), as MinIO does. The config layer sits below the
 * engine's error table, so it throws this plain error and the handler translates.
 */
export class ConfigInvalid extends Error {
  override readonly name = 'ConfigInvalid';
}
