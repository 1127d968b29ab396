/**
 * Accessibility scan with axe-core injected into the page (its source from the npm package, so no
 * network is involved). Returns the serious and critical violations, which the tests require to be
 * none on every screen.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, which the console's Content-Security-Policy
  // (`script-src 'self'`, no inline scripts) does not govern — unlike an injected <script> tag.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[] }[];
    }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}
