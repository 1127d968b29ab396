/**
 * A wizard problem's text in the current language. The keys are a union whose messages take
 * different placeholders, which i18next's typed `t` cannot check against one values object; the
 * catalogue test checks the placeholders instead.
 */
import type { TenantProblem } from './rules.js';

type LooseT = (key: string, options?: Record<string, string>) => string;

/** `t` must be bound to the `tenantCreate` namespace (or accept 'tenantCreate:' keys). */
export function problemText(t: unknown, problem: TenantProblem | undefined): string | undefined {
  if (problem === undefined) return undefined;
  return (t as LooseT)(`tenantCreate:validation.${problem.key}`, problem.values);
}
