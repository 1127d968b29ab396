/**
 * The identity providers of the live configuration, built once per configuration: the OpenID
 * providers keep their discovery documents and key sets between calls. The identity sub-systems
 * change only with a restart (not dynamic, as in MinIO), which builds a new configuration reader;
 * the cache compares the settings themselves, so any new reader with equal settings reuses them.
 */
import type { ConfigReader } from '../config/index.js';
import { LdapDirectory, ldapSettings } from './ldap-directory.js';
import { OpenIdProviders, openIdProviderConfigs } from './openid-provider.js';

export interface IdentityProviders {
  openid: OpenIdProviders;
  /** Undefined when LDAP is not configured. */
  ldap: LdapDirectory | undefined;
}

let cached: { key: string; providers: IdentityProviders } | undefined;

export function identityProviders(config: ConfigReader): IdentityProviders {
  const openid = openIdProviderConfigs(config);
  const ldap = ldapSettings(config);
  const key = JSON.stringify([openid, ldap]);
  if (cached?.key !== key) {
    cached = {
      key,
      providers: {
        openid: new OpenIdProviders(openid),
        ldap: ldap === undefined ? undefined : new LdapDirectory(ldap),
      },
    };
  }
  return cached.providers;
}
