/**
 * The plan comparison of the License page (spec 2 §9 "Plans"): one row per compared feature, the
 * value of each plan as a key of the `license` catalogue. Share and download links carry
 * `ref=op` in operator mode, otherwise `ref=con` (spec 2 §2).
 */
export const PLAN_IDS = ['community', 'standard', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

type Key =
  | 'priceCommunity'
  | 'priceStandard'
  | 'priceEnterprise'
  | 'licenseAgpl'
  | 'licenseCommercial'
  | 'releaseLatest'
  | 'release1yLts'
  | 'release5yLts'
  | 'slaNone'
  | 'sla24h'
  | 'sla1h'
  | 'supportCommunity'
  | 'supportStandard'
  | 'supportEnterprise'
  | 'securityCommunity'
  | 'securityIncluded'
  | 'panicNa'
  | 'panicOnce'
  | 'panicUnlimited'
  | 'yes'
  | 'no';

export interface PlanRow {
  feature:
    | 'price'
    | 'featureLicense'
    | 'featureRelease'
    | 'featureSla'
    | 'featureSupport'
    | 'featureSecurityUpdates'
    | 'featurePanicButton'
    | 'featureArchitectureReview'
    | 'featurePerformanceReview'
    | 'featureIndemnification'
    | 'featureSecurityReview';
  values: Record<PlanId, Key>;
}

export const PLAN_ROWS: readonly PlanRow[] = [
  {
    feature: 'price',
    values: { community: 'priceCommunity', standard: 'priceStandard', enterprise: 'priceEnterprise' },
  },
  {
    feature: 'featureLicense',
    values: { community: 'licenseAgpl', standard: 'licenseCommercial', enterprise: 'licenseCommercial' },
  },
  {
    feature: 'featureRelease',
    values: { community: 'releaseLatest', standard: 'release1yLts', enterprise: 'release5yLts' },
  },
  { feature: 'featureSla', values: { community: 'slaNone', standard: 'sla24h', enterprise: 'sla1h' } },
  {
    feature: 'featureSupport',
    values: { community: 'supportCommunity', standard: 'supportStandard', enterprise: 'supportEnterprise' },
  },
  {
    feature: 'featureSecurityUpdates',
    values: { community: 'securityCommunity', standard: 'securityIncluded', enterprise: 'securityIncluded' },
  },
  {
    feature: 'featurePanicButton',
    values: { community: 'panicNa', standard: 'panicOnce', enterprise: 'panicUnlimited' },
  },
  { feature: 'featureArchitectureReview', values: { community: 'no', standard: 'yes', enterprise: 'yes' } },
  { feature: 'featurePerformanceReview', values: { community: 'no', standard: 'yes', enterprise: 'yes' } },
  { feature: 'featureIndemnification', values: { community: 'no', standard: 'no', enterprise: 'yes' } },
  { feature: 'featureSecurityReview', values: { community: 'no', standard: 'no', enterprise: 'yes' } },
];

/** Spec 2 §3: ENTERPRISE is Enterprise, anything else Standard; no subscription is Community. */
export function planOf(plan: string | undefined): PlanId {
  if (plan === undefined) return 'community';
  return plan.toUpperCase() === 'ENTERPRISE' ? 'enterprise' : 'standard';
}

/** Spec 2 §9: 1 TiB = 1099511627776 bytes for capacity. */
export const TIB = 1099511627776;

const SITE = 'https://min.io';
const SUBNET = 'https://subnet.min.io';

/** The plan's link (download for Community, subscribe otherwise) with the spec's ref. */
export function planLink(plan: PlanId, operator: boolean): string {
  const ref = operator ? 'op' : 'con';
  return plan === 'community' ? `${SITE}/download?ref=${ref}` : `${SITE}/pricing?ref=${ref}`;
}

export function signInLink(operator: boolean): string {
  return `${SUBNET}/?ref=${operator ? 'op' : 'con'}`;
}
