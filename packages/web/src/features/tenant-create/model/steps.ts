/**
 * The wizard's steps (spec 3 §2 "Create New Tenant wizard"): in order Name Tenant, Configure, Pod
 * Affinity, Identity Provider, Security, Encryption, Tenant Size, Preview Configuration; the middle
 * five only in advanced mode.
 */
export const WIZARD_STEPS = [
  'nameTenant',
  'configure',
  'affinity',
  'identityProvider',
  'security',
  'encryption',
  'tenantSize',
  'preview',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

const ADVANCED_ONLY: ReadonlySet<WizardStep> = new Set([
  'configure',
  'affinity',
  'identityProvider',
  'security',
  'encryption',
]);

/** The steps shown, in order, for the mode. */
export function visibleSteps(advancedMode: boolean): WizardStep[] {
  return WIZARD_STEPS.filter((step) => advancedMode || !ADVANCED_ONLY.has(step));
}
