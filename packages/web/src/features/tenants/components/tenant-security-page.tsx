/**
 * The tenant's Security tab (spec 3 §2, §3 "Existing tenant security settings", §4 "Saving the
 * security tab"): the automatic inter-node certificates and custom certificates toggles, a card
 * per existing certificate (name, domains, expiry as YYYY-MM-DD) that can be deleted, uploads of
 * new key pairs and CA certificates for MinIO and — when the tenant runs its console — for the
 * console. Save asks 'Save and Restart' first; saving clears the uploads and reloads. With custom
 * certificates off, every existing certificate secret is marked for deletion.
 */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useSaveTenantSecurity, useTenantSecurity } from '../api/security.js';
import type { CertificateInfo, TenantDetail, TenantRef, TenantSecurity } from '../api/types.js';
import { CaRows, EMPTY_PAIR, KeyPairRows, completePairs } from './certificate-inputs.js';
import type { PairUpload, Upload } from './certificate-inputs.js';

const ids = OPERATOR_TEST_IDS.tenantSecurity;
const GROUPS = ['minio', 'minioCAs', 'console', 'consoleCAs'] as const;
type CertGroup = (typeof GROUPS)[number];

/** YYYY-MM-DD of an expiry (spec 3 §9), the text itself when it is not a date. */
export function expiryDate(expiry: string): string {
  const date = new Date(expiry);
  return Number.isNaN(date.getTime()) ? expiry : date.toISOString().slice(0, 10);
}

export function TenantSecurityPage({ tenant, detail }: { tenant: TenantRef; detail: TenantDetail }) {
  const { t } = useTranslation(['tenants', 'common']);
  const security = useTenantSecurity(tenant);
  if (security.data === undefined) return <Loader size="sm" aria-label={t('common:loading')} />;
  // The form starts again from what the server holds after each save (its answer reloads).
  return (
    <SecurityForm
      key={security.dataUpdatedAt}
      tenant={tenant}
      consoleEnabled={detail.consoleEnabled === true}
      current={security.data}
    />
  );
}

function SecurityForm({
  tenant,
  consoleEnabled,
  current,
}: {
  tenant: TenantRef;
  consoleEnabled: boolean;
  current: TenantSecurity;
}) {
  const { t } = useTranslation(['tenants', 'common']);
  const existing = (group: CertGroup): CertificateInfo[] => current.customCertificates[group] ?? [];
  const [autoCert, setAutoCert] = useState(current.autoCert);
  const [custom, setCustom] = useState(GROUPS.some((group) => existing(group).length > 0));
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [minioPairs, setMinioPairs] = useState<PairUpload[]>([EMPTY_PAIR]);
  const [minioCAs, setMinioCAs] = useState<(Upload | null)[]>([null]);
  const [consolePairs, setConsolePairs] = useState<PairUpload[]>([EMPTY_PAIR]);
  const [consoleCAs, setConsoleCAs] = useState<(Upload | null)[]>([null]);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveTenantSecurity(tenant);

  const submit = () => {
    const all = GROUPS.flatMap((group) => existing(group).map((cert) => cert.name));
    const cas = (rows: (Upload | null)[]) => rows.flatMap((row) => (row === null ? [] : [row.content]));
    save.mutate(
      {
        autoCert,
        customCertificates: custom
          ? {
              secretsToBeDeleted: [...deleted],
              minio: completePairs(minioPairs),
              minioCAs: cas(minioCAs),
              console: consoleEnabled ? completePairs(consolePairs) : [],
              consoleCAs: consoleEnabled ? cas(consoleCAs) : [],
            }
          : { secretsToBeDeleted: all, minio: [], minioCAs: [], console: [], consoleCAs: [] },
      },
      { onSettled: () => setConfirming(false) },
    );
  };

  const visibleGroups = GROUPS.filter((group) => consoleEnabled || !group.startsWith('console'));
  const groupTitle: Record<CertGroup, string> = {
    minio: t('security.minioCerts'),
    minioCAs: t('security.minioCAs'),
    console: t('security.consoleCerts'),
    consoleCAs: t('security.consoleCAs'),
  };

  return (
    <Stack data-testid={ids.screen}>
      <Switch
        label={t('security.autoCert')}
        checked={autoCert}
        onChange={(e) => setAutoCert(e.currentTarget.checked)}
        data-testid={ids.autoCert}
      />
      <Switch
        label={t('security.customCerts')}
        checked={custom}
        onChange={(e) => setCustom(e.currentTarget.checked)}
        data-testid={ids.customCerts}
      />
      {custom && (
        <>
          {visibleGroups.map((group) => {
            const certs = existing(group).filter((cert) => !deleted.has(cert.name));
            return (
              <Stack key={group} gap="xs">
                <Title order={2} size="h5">
                  {groupTitle[group]}
                </Title>
                {certs.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('security.noCerts')}
                  </Text>
                ) : (
                  <SimpleGrid cols={{ base: 1, md: 2 }}>
                    {certs.map((cert) => (
                      <Card key={cert.name} withBorder padding="sm" data-testid={ids.cert(cert.name)}>
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {cert.name}
                            </Text>
                            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                              {t('security.domains', { domains: cert.domains.join(', ') })}
                            </Text>
                            <Text size="sm">{t('security.expiry', { date: expiryDate(cert.expiry) })}</Text>
                          </Stack>
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            aria-label={t('security.deleteCert', { name: cert.name })}
                            onClick={() => setDeleted(new Set([...deleted, cert.name]))}
                            data-testid={ids.deleteCert(cert.name)}
                          >
                            <IconTrash size={16} aria-hidden="true" />
                          </ActionIcon>
                        </Group>
                      </Card>
                    ))}
                  </SimpleGrid>
                )}
              </Stack>
            );
          })}
          <KeyPairRows title={t('security.minioCerts')} rows={minioPairs} onChange={setMinioPairs} />
          <CaRows title={t('security.minioCAs')} rows={minioCAs} onChange={setMinioCAs} />
          {consoleEnabled && (
            <>
              <KeyPairRows
                title={t('security.consoleCerts')}
                rows={consolePairs}
                onChange={setConsolePairs}
              />
              <CaRows title={t('security.consoleCAs')} rows={consoleCAs} onChange={setConsoleCAs} />
            </>
          )}
        </>
      )}
      <Group>
        <Button onClick={() => setConfirming(true)} data-testid={ids.save}>
          {t('security.save')}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('security.confirmTitle')}
        data-testid={ids.confirmModal}
      >
        <Stack>
          <Text>{t('security.confirmQuestion')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={save.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending} data-testid={ids.confirm}>
              {t('security.restart')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
