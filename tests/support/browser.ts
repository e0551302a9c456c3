import fs from "node:fs";
import {
  type Browser,
  type BrowserServer,
  chromium,
  type Download,
  type LaunchOptions,
  type Page,
  type Response,
} from "playwright-core";

/** Where the run's shared Chromium listens, set by the end-to-end global setup for every test process. */
const SHARED_BROWSER = "CIRCLEUP_TEST_BROWSER_WS";

const WHOLE_BROWSER = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function firstInstalled(candidates: (string | undefined)[]): string | null {
  return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

/** Debian's whole Chromium (apt-get install chromium), for the scripts that drive it as a visitor's browser; CHROMIUM_PATH overrides. */
export function chromiumPath(): string | null {
  return firstInstalled([process.env.CHROMIUM_PATH, ...WHOLE_BROWSER]);
}

/**
 * The Chromium the tests drive: Debian's headless shell where it is
 * installed (apt-get install chromium-headless-shell), else the whole
 * browser; CHROMIUM_PATH overrides. The shell is the same engine without
 * the browser's window and profile services, and opens a context and its
 * first page for about half the CPU of the whole browser's headless mode.
 */
export function testChromiumPath(): string | null {
  return firstInstalled([process.env.CHROMIUM_PATH, "/usr/bin/chromium-headless-shell", ...WHOLE_BROWSER]);
}

/**
 * Chromium features Playwright turns off (its own --disable-features list,
 * as of playwright-core 1.65): Chromium keeps only the last
 * --disable-features it is given, so ours repeats them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Every browser window of Chromium 156 loads its address bar's suggestion
 * popup as two web pages of its own, in a process of its own: no test
 * page is ever drawn by them, and they cost about three times what a test's
 * page does in each new context.
 */
const UNUSED_WINDOW_PARTS = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/** Flags that work as root on a machine without network access. */
function launchOptions(executablePath: string): LaunchOptions {
  return {
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_WINDOW_PARTS].join(",")}`,
    ],
  };
}

/**
 * A Browser for a test file. In a test run it is a connection to the run's
 * one Chromium (started by the global setup): close() closes this file's
 * contexts and disconnects, the browser stays for the other files. Each
 * newContext() is a fresh profile (cookies, storage, cache), so tests stay
 * as isolated as with a browser of their own. Outside a test run (scripts)
 * it launches Chromium.
 */
export async function launchBrowser(executablePath: string): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER];
  return withoutServiceWorkers(
    shared ? await chromium.connect(shared) : await chromium.launch(launchOptions(executablePath)),
  );
}

/**
 * Contexts leave the app's service worker out unless a test asks for it
 * (`serviceWorkers: "allow"`, as the offline test does): installing it
 * fetches the generator's pages and the library's slice in every new
 * context, which costs the run's time, and page.route() does not see
 * requests a worker answers.
 */
function withoutServiceWorkers(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: "block", ...options });
  browser.newPage = (options = {}) => newPage({ serviceWorkers: "block", ...options });
  return browser;
}

/**
 * For the global setup: one Chromium for the whole run, announced to every
 * test process, which connects through launchBrowser(). Resolves to its stop.
 */
export async function startSharedBrowser(executablePath: string): Promise<() => Promise<void>> {
  const server: BrowserServer = await chromium.launchServer(launchOptions(executablePath));
  process.env[SHARED_BROWSER] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_BROWSER];
    await server.close();
  };
}

/**
 * A downloaded file's text, streamed from the browser: the run's shared
 * Chromium keeps downloads on its side, so there is no local path to read.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The server's answer to the next save or unsave of a question on the page.
 * A card shows "Saved" at once, before the server has stored it, so a test
 * that leaves the page next waits for this first.
 */
export function questionSaveAnswered(page: Page): Promise<Response> {
  return page.waitForResponse((response) =>
    /^\/api\/v1\/questions\/[^/]+\/save$/.test(new URL(response.url()).pathname),
  );
}
