import type { Browser } from "playwright-core";

/**
 * People answering a live round's first question on their phones, as a
 * participant does: the join page at 390x844, their name, Join, the answer,
 * Send, until the page says the answers wait for the host. Each phone is a
 * fresh browser profile; the contexts are closed after.
 */
export async function answerOnPhones(
  browser: Browser,
  serverUrl: string,
  code: string,
  people: { name: string; text: string }[],
): Promise<void> {
  for (const { name, text } of people) {
    const context = await browser.newContext({
      baseURL: serverUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    context.setDefaultTimeout(20_000);
    try {
      const page = await context.newPage();
      await page.goto(`/live/${code}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      const consent = page.getByRole("region", { name: "Cookie consent" });
      if (await consent.isVisible()) await consent.getByRole("button", { name: "Only essential" }).click();
      await page.getByLabel("Your name").fill(name);
      await page.getByRole("button", { name: "Join the round" }).click();
      await page.getByLabel("Your answer").fill(text);
      await page.getByRole("button", { name: "Send answer" }).click();
      await page.getByText("Waiting for the host to reveal the answers.").waitFor();
    } finally {
      await context.close();
    }
  }
}
