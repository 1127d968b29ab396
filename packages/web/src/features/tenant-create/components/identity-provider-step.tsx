/**
 * Identity Provider (advanced; spec 3 §3 "Identity provider choices", §5): Built-in users (keys
 * generated with 16 and 32 characters; a row can be removed while more than one remains), OpenID,
 * or Active Directory (its admin user DNs; a warning while 'Server Insecure' is on).
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import {
  generatedKeyPair,
  newRowId,
  type ActiveDirectoryForm,
  type IdentityProviderForm,
  type IdpSelection,
  type OidcForm,
} from '../model/form.js';
import type { StepProblems } from '../model/rules.js';
import { useFieldErrors } from './use-field-errors.js';

const ids = TENANT_CREATE_IDS;

const OIDC_FIELDS = [
  ['url', true],
  ['configuration_url', true],
  ['client_id', true],
  ['secret_id', true],
  ['claim_name', true],
  ['callback_url', false],
  ['scopes', false],
] as const satisfies readonly (readonly [keyof OidcForm, boolean])[];

const AD_TEXT_FIELDS = [
  'username_format',
  'username_search_filter',
  'group_search_base_dn',
  'group_search_filter',
  'group_name_attribute',
  'lookup_bind_dn',
  'user_dn_search_base_dn',
  'user_dn_search_filter',
] as const satisfies readonly (keyof ActiveDirectoryForm)[];

const AD_SWITCHES = ['skip_tls_verification', 'server_insecure', 'server_start_tls'] as const;

export function IdentityProviderStep({
  value,
  onChange,
  problems,
}: {
  value: IdentityProviderForm;
  onChange: (patch: Partial<IdentityProviderForm>) => void;
  problems: StepProblems;
}) {
  const { t } = useTranslation('tenantCreate');
  const { error, touch } = useFieldErrors(problems);
  const setOidc = (patch: Partial<OidcForm>) => onChange({ oidc: { ...value.oidc, ...patch } });
  const setAd = (patch: Partial<ActiveDirectoryForm>) => onChange({ ad: { ...value.ad, ...patch } });
  const keys = value.keys;
  const adUrlError = error('ad.url');
  const dns = value.ad.user_dns;

  return (
    <Stack gap="sm">
      <Text size="sm">{t('idp.intro')}</Text>
      <SegmentedControl
        aria-label={t('idp.selection')}
        value={value.idpSelection}
        onChange={(selection) => onChange({ idpSelection: selection as IdpSelection })}
        data={[
          { value: 'Built-in', label: t('idp.builtIn') },
          { value: 'OpenID', label: t('idp.openId') },
          { value: 'AD', label: t('idp.activeDirectory') },
        ]}
        data-testid={ids.field('idpSelection')}
      />
      {value.idpSelection === 'Built-in' && (
        <Stack gap="xs">
          <Text size="sm">{t('idp.usersIntro')}</Text>
          {keys.map((pair, index) => (
            <Group key={pair.id} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={t('idp.accessKey')}
                value={pair.access_key}
                onChange={(e) => {
                  const access_key = e.currentTarget.value;
                  onChange({ keys: keys.map((k, i) => (i === index ? { ...k, access_key } : k)) });
                }}
                error={error(`keys.${index}.access_key`)}
                data-testid={ids.field(`keys.${index}.access_key`)}
              />
              <PasswordInput
                style={{ flex: 1 }}
                label={t('idp.secretKey')}
                value={pair.secret_key}
                onChange={(e) => {
                  const secret_key = e.currentTarget.value;
                  onChange({ keys: keys.map((k, i) => (i === index ? { ...k, secret_key } : k)) });
                }}
                error={error(`keys.${index}.secret_key`)}
                data-testid={ids.field(`keys.${index}.secret_key`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={25}
                disabled={keys.length <= 1}
                onClick={() => onChange({ keys: keys.filter((_, i) => i !== index) })}
                aria-label={t('idp.removeUser', { index: index + 1 })}
                data-testid={ids.removeRow('keys', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onChange({ keys: [...keys, generatedKeyPair()] })}
              data-testid={ids.addRow('keys')}
            >
              {t('idp.addUser')}
            </Button>
          </Group>
        </Stack>
      )}
      {value.idpSelection === 'OpenID' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {OIDC_FIELDS.map(([field, required]) => (
            <TextInput
              key={field}
              label={t(`idp.oidc.${field}`)}
              required={required}
              value={value.oidc[field]}
              onChange={(e) => {
                touch(`oidc.${field}`);
                setOidc({ [field]: e.currentTarget.value });
              }}
              onBlur={() => touch(`oidc.${field}`)}
              error={error(`oidc.${field}`)}
              data-testid={ids.field(`oidc.${field}`)}
            />
          ))}
        </SimpleGrid>
      )}
      {value.idpSelection === 'AD' && (
        <Stack gap="xs">
          <TextInput
            label={t('idp.ad.url')}
            required
            value={value.ad.url}
            onChange={(e) => {
              touch('ad.url');
              setAd({ url: e.currentTarget.value });
            }}
            onBlur={() => touch('ad.url')}
            error={adUrlError}
            data-testid={ids.field('ad.url')}
          />
          {AD_SWITCHES.map((field) => (
            <Switch
              key={field}
              label={t(`idp.ad.${field}`)}
              checked={value.ad[field]}
              onChange={(e) => setAd({ [field]: e.currentTarget.checked })}
              data-testid={ids.field(`ad.${field}`)}
            />
          ))}
          {value.ad.server_insecure && (
            <Alert color="yellow" title={t('idp.ad.insecureWarning')} data-testid={ids.adInsecureWarning} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {AD_TEXT_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`idp.ad.${field}`)}
                value={value.ad[field]}
                onChange={(e) => setAd({ [field]: e.currentTarget.value })}
                data-testid={ids.field(`ad.${field}`)}
              />
            ))}
            <PasswordInput
              label={t('idp.ad.lookup_bind_password')}
              value={value.ad.lookup_bind_password}
              onChange={(e) => setAd({ lookup_bind_password: e.currentTarget.value })}
              data-testid={ids.field('ad.lookup_bind_password')}
            />
          </SimpleGrid>
          <Text size="sm" fw={500}>
            {t('idp.ad.userDns')}
          </Text>
          {dns.map((row, index) => (
            <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={t('idp.ad.userDn', { index: index + 1 })}
                required
                value={row.dn}
                onChange={(e) => {
                  const dn = e.currentTarget.value;
                  touch(`ad.user_dns.${index}`);
                  setAd({ user_dns: dns.map((r, i) => (i === index ? { ...r, dn } : r)) });
                }}
                onBlur={() => touch(`ad.user_dns.${index}`)}
                error={error(`ad.user_dns.${index}`)}
                data-testid={ids.field(`ad.user_dns.${index}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                disabled={dns.length <= 1}
                onClick={() => setAd({ user_dns: dns.filter((_, i) => i !== index) })}
                aria-label={t('idp.ad.removeUserDn', { index: index + 1 })}
                data-testid={ids.removeRow('user-dns', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setAd({ user_dns: [...dns, { id: newRowId(), dn: '' }] })}
              data-testid={ids.addRow('user-dns')}
            >
              {t('idp.ad.addUserDn')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
