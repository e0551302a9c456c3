import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * What axe finds wrong on the page as it is now, one line a rule
 * ("color-contrast: .card > a, ..."), empty when nothing. Only violations
 * are gathered: collecting every passing node as well costs a quarter of
 * the scan on a page of cards, and no test reads them. The scan runs in
 * the page itself (axe.run): the default opens a second, blank page for
 * every scan to merge the results of cross-origin frames, and CircleUp's
 * pages have none; that second page made a scan about three times dearer.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}
