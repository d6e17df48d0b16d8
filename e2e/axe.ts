import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The one axe run every browser spec uses (issues 29 and 35): WCAG 2.1 A and AA, plus
 * label-content-name-mismatch (WCAG 2.5.3 Label in Name), which older axe-core ran only when asked
 * as experimental; it is switched on by name so an axe-core that marks it experimental still runs it.
 */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const ALSO_RUN = { 'label-content-name-mismatch': { enabled: true } };

export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * The critical and serious violations on the page (or inside `include`, a CSS selector), each with
 * the rule id and its nodes' targets.
 */
export async function graveAxeFindings(page: Page, include?: string): Promise<AxeFinding[]> {
  // options() replaces what was set before it, so it comes before withTags. Only violations are
  // reported in full (passes are not collected node by node: a faster run on long tables).
  let builder = new AxeBuilder({ page }).options({ rules: ALSO_RUN, resultTypes: ['violations'] }).withTags(WCAG_21_AA);
  if (include) builder = builder.include(include);
  // Legacy mode runs axe in the page itself (no extra blank page per run to merge frame results).
  const result = await builder.setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** One line a person reads in a failure: impact, rule id and every node's target. */
export const axeLine = (f: AxeFinding): string => `${f.impact} ${f.rule}: ${f.targets.join(' | ')}`;
