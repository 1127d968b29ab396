/**
 * The Name Tenant step's namespace lookup (spec 3 §4 "Tenant name step", §5, §8): 500 ms after the
 * last keystroke it asks whether the namespace already holds a tenant, then loads the namespace's
 * storage quota; its storage classes feed the step's choice (the first becomes selected) and each
 * one's free size bounds the Total Size. A failed quota lookup (typically: no such namespace) is
 * only logged and offers 'Add namespace'; a failed tenant lookup toasts the spec's message.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../shared/components/notify.js';
import { useStorageQuota } from '../api/get-resource-quota.js';
import { useNamespaceTenants } from '../api/list-namespace-tenants.js';
import { NAMESPACE_PATTERN, type NamespaceCheck } from '../model/rules.js';
import { storageClassLimits } from '../model/sizing.js';

/** §9: namespace lookup debounce. */
export const NAMESPACE_DEBOUNCE_MS = 500;

export interface NamespaceLookup extends NamespaceCheck {
  /** Free bytes per storage class. */
  limits: ReadonlyMap<string, number>;
  /** The quota lookup failed: the step offers to create the namespace. */
  offerCreate: boolean;
  /** The namespace the results belong to. */
  namespace: string;
}

export function useNamespaceCheck(namespace: string): NamespaceLookup {
  const { t } = useTranslation('tenantCreate');
  const notify = useNotify();
  const [debounced] = useDebouncedValue(namespace.trim(), NAMESPACE_DEBOUNCE_MS);
  const current = debounced === namespace.trim();
  const wellFormed = NAMESPACE_PATTERN.test(debounced);
  const tenants = useNamespaceTenants(debounced, wellFormed);
  const hasTenant = (tenants.data?.tenants.length ?? 0) > 0;
  const quota = useStorageQuota(debounced, tenants.isSuccess && !hasTenant);

  const tenantsError = tenants.error;
  useEffect(() => {
    if (tenantsError === null) return;
    notify.error({
      message: t('validation.namespaceCheckFailed'),
      detailedMessage: tenantsError.detailedMessage ?? tenantsError.message,
    });
  }, [tenantsError, notify, t]);

  const quotaError = quota.error;
  useEffect(() => {
    // §8: the quota lookup failure is only logged (and offers namespace creation).
    if (quotaError !== null) console.warn('storage quota lookup failed', quotaError.message);
  }, [quotaError]);

  const elements = quota.data?.elements;
  const limits = useMemo(
    () => new Map(storageClassLimits(elements ?? []).map(({ storageClass, limit }) => [storageClass, limit])),
    [elements],
  );
  const storageClasses = useMemo(() => [...limits.keys()], [limits]);
  const checked =
    current && wellFormed && (tenants.isSuccess ? hasTenant || !quota.isPending : tenants.isError);
  return {
    namespace: debounced,
    checked,
    hasTenant,
    storageClasses,
    limits,
    offerCreate: current && quota.isError,
  };
}
