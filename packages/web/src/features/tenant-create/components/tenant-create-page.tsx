/**
 * The Create New Tenant wizard (spec 3 §2 "Create New Tenant wizard", §4 "Wizard"): the steps in
 * order — the five advanced ones only in advanced mode — each with Cancel, Back and Next, Next
 * enabled only while the step is valid; Create on the last step submits once, shows a progress
 * bar, and on success opens the credentials dialog, whose closing returns to the refreshed tenant
 * list. The page owns the form and the lookups every step's validity depends on (namespace,
 * sizing), so the steps only render and edit.
 */
import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Stepper,
  Switch,
  Text,
} from '@mantine/core';
import type { CreateTenantResponse } from '@coffer/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../../../i18n/use-format.js';
import { modalDetail } from '../../../lib/api-error.js';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { pagePath } from '../../../shared/routing.js';
import { useCreateTenant } from '../api/create-tenant.js';
import { initialWizardForm, type WizardForm } from '../model/form.js';
import { createTenantPayload } from '../model/payload.js';
import {
  affinityProblems,
  configureProblems,
  encryptionProblems,
  identityProviderProblems,
  nameTenantProblems,
  securityProblems,
} from '../model/rules.js';
import { visibleSteps, type WizardStep } from '../model/steps.js';
import { AffinityStep } from './affinity-step.js';
import { ConfigureStep } from './configure-step.js';
import { CredentialsModal } from './credentials-modal.js';
import { EncryptionStep } from './encryption-step.js';
import { IdentityProviderStep } from './identity-provider-step.js';
import { NameTenantStep } from './name-tenant-step.js';
import { PreviewStep } from './preview-step.js';
import { SecurityStep } from './security-step.js';
import { TenantSizeStep } from './tenant-size-step.js';
import { useNamespaceCheck } from './use-namespace-check.js';
import { useTenantSizing } from './use-tenant-sizing.js';

const ids = TENANT_CREATE_IDS;
type Part = Exclude<keyof WizardForm, 'advancedMode'>;

const none = (problems: object) => Object.keys(problems).length === 0;

export function TenantCreatePage() {
  const { t } = useTranslation('tenantCreate');
  const { bytes } = useFormat();
  const navigate = useNavigate();
  const [form, setForm] = useState<WizardForm>(initialWizardForm);
  const [current, setCurrent] = useState<WizardStep>('nameTenant');
  const [result, setResult] = useState<CreateTenantResponse | null>(null);
  const create = useCreateTenant();

  // One stable change handler per part, so steps may use them in effects.
  const change = useMemo(() => {
    const of =
      <K extends Part>(part: K) =>
      (patch: Partial<WizardForm[K]>) =>
        setForm((prev) => ({ ...prev, [part]: { ...prev[part], ...patch } }));
    return {
      nameTenant: of('nameTenant'),
      configure: of('configure'),
      affinity: of('affinity'),
      identityProvider: of('identityProvider'),
      security: of('security'),
      encryption: of('encryption'),
      tenantSize: of('tenantSize'),
    };
  }, []);

  const lookup = useNamespaceCheck(form.nameTenant.namespace);
  const { selectedStorageClass } = form.nameTenant;
  const classes = lookup.storageClasses;
  // §4: the first storage class of the quota becomes selected.
  useEffect(() => {
    const wanted = classes.includes(selectedStorageClass) ? selectedStorageClass : (classes[0] ?? '');
    if (wanted !== selectedStorageClass) change.nameTenant({ selectedStorageClass: wanted });
  }, [classes, selectedStorageClass, change]);

  const limit = lookup.limits.get(selectedStorageClass) ?? 0;
  const sizing = useTenantSizing(form.tenantSize, limit, bytes);
  const { parities, ecParityCalc } = sizing;
  const { ecParity } = form.tenantSize;
  // The default parity (§9) whenever the offered list changes; a failed call clears it (§8).
  useEffect(() => {
    if (parities.includes(ecParity)) return;
    const fallback = ecParityCalc?.defaultEC ?? parities[0] ?? '';
    if (fallback !== ecParity) change.tenantSize({ ecParity: fallback });
  }, [parities, ecParityCalc, ecParity, change]);

  const problems = {
    nameTenant: nameTenantProblems(form.nameTenant, lookup),
    configure: configureProblems(form.configure),
    affinity: affinityProblems(form.affinity),
    identityProvider: identityProviderProblems(form.identityProvider),
    security: securityProblems(form.security),
    encryption: encryptionProblems(form.encryption, form.security),
  };
  const steps = visibleSteps(form.advancedMode);
  const stepValid = (step: WizardStep): boolean => {
    if (step === 'tenantSize') return sizing.valid;
    if (step === 'preview') return steps.filter((s) => s !== 'preview').every(stepValid);
    return none(problems[step]);
  };
  const index = Math.max(0, steps.indexOf(current));
  const last = index === steps.length - 1;
  const submitting = create.isPending;

  const toList = useCallback(() => void navigate(pagePath('tenants')), [navigate]);
  const setAdvanced = (advancedMode: boolean) => {
    setForm((prev) => ({ ...prev, advancedMode }));
    // A step that is no longer shown hands over to the first one.
    if (!visibleSteps(advancedMode).includes(current)) setCurrent('nameTenant');
  };
  const go = (offset: number) => {
    const next = steps[index + offset];
    if (next !== undefined) setCurrent(next);
  };
  // §4 "Create submits once": a second click before the pending state renders is ignored too.
  const inFlight = useRef(false);
  const submit = () => {
    if (inFlight.current || submitting || !stepValid('preview')) return;
    inFlight.current = true;
    create.mutate(createTenantPayload(form, sizing), {
      onSuccess: setResult,
      onError: () => {
        inFlight.current = false;
      },
    });
  };

  const body = () => {
    switch (steps[index] ?? 'nameTenant') {
      case 'nameTenant':
        return (
          <NameTenantStep
            value={form.nameTenant}
            onChange={change.nameTenant}
            problems={problems.nameTenant}
            lookup={lookup}
          />
        );
      case 'configure':
        return (
          <ConfigureStep
            value={form.configure}
            onChange={change.configure}
            problems={problems.configure}
            storageClasses={classes}
          />
        );
      case 'affinity':
        return <AffinityStep value={form.affinity} onChange={change.affinity} problems={problems.affinity} />;
      case 'identityProvider':
        return (
          <IdentityProviderStep
            value={form.identityProvider}
            onChange={change.identityProvider}
            problems={problems.identityProvider}
          />
        );
      case 'security':
        return <SecurityStep value={form.security} onChange={change.security} problems={problems.security} />;
      case 'encryption':
        return (
          <EncryptionStep
            value={form.encryption}
            security={form.security}
            onChange={change.encryption}
            problems={problems.encryption}
          />
        );
      case 'tenantSize':
        return <TenantSizeStep value={form.tenantSize} onChange={change.tenantSize} sizing={sizing} />;
      case 'preview':
        return <PreviewStep form={form} sizing={sizing} />;
    }
  };

  const error = create.error;
  return (
    <Stack gap="md" data-testid={ids.screen}>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="default" onClick={toList} data-testid={ids.backToList}>
            {t('backToList')}
          </Button>
        }
      />
      <Switch
        label={t('advancedMode')}
        checked={form.advancedMode}
        onChange={(e) => setAdvanced(e.currentTarget.checked)}
        disabled={submitting}
        data-testid={ids.advancedMode}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stepper active={index} orientation="vertical" size="sm" allowNextStepsSelect={false}>
            {steps.map((step) => (
              <Stepper.Step key={step} label={t(`steps.${step}`)} data-testid={ids.step(step)} />
            ))}
          </Stepper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Paper withBorder p="md" data-testid={ids.stepPanel(steps[index] ?? 'nameTenant')}>
            <Stack gap="md">
              <Box>
                <Text size="xs" c="dimmed">
                  {t('stepOf', { current: index + 1, total: steps.length })}
                </Text>
                <Text fw={700} size="lg" component="h2" m={0}>
                  {t(`steps.${steps[index] ?? 'nameTenant'}`)}
                </Text>
              </Box>
              {body()}
              {submitting && (
                <Stack gap={4}>
                  <Text size="sm">{t('progress')}</Text>
                  <Progress
                    value={100}
                    animated
                    striped
                    aria-label={t('progress')}
                    data-testid={ids.progress}
                  />
                </Stack>
              )}
              {error !== null && (
                <Alert color="red" role="alert" title={error.message} data-testid={ids.error}>
                  {modalDetail(error)}
                </Alert>
              )}
              <Group justify="space-between">
                <Button variant="default" onClick={toList} disabled={submitting} data-testid={ids.cancel}>
                  {t('actions.cancel')}
                </Button>
                <Group gap="sm">
                  <Button
                    variant="default"
                    onClick={() => go(-1)}
                    disabled={index === 0 || submitting}
                    data-testid={ids.back}
                  >
                    {t('actions.back')}
                  </Button>
                  {last ? (
                    <Button
                      onClick={submit}
                      disabled={submitting || !stepValid('preview') || result !== null}
                      data-testid={ids.create}
                    >
                      {t('actions.create')}
                    </Button>
                  ) : (
                    <Button
                      onClick={() => go(1)}
                      disabled={!stepValid(steps[index] ?? 'nameTenant')}
                      data-testid={ids.next}
                    >
                      {t('actions.next')}
                    </Button>
                  )}
                </Group>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <CredentialsModal result={result} onClose={toList} />
    </Stack>
  );
}
