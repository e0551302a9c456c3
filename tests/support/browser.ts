import fs from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

/** Flags that work as root on a machine without network access. */
export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
