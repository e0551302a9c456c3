import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loggedPath, MAX_LOGGED_PATH, scrubLogFields, scrubLogText } from "~/logger.server";

const TOKEN = "Zq8dX2v9LkP4rT6yH1mN3bC5";

/** Route patterns of app/routes.ts whose address carries a secret: a token, or a saved plan's unguessable id. */
function secretRoutes(): string[] {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/routes.ts"), "utf8");
  const patterns = [...source.matchAll(/route\("([^"]+)"/g)].map((match) => match[1] as string);
  return patterns.filter((pattern) => /:token\b/.test(pattern) || /^p\/:id/.test(pattern));
}

describe("request paths in the log", () => {
  it("replaces the secret of every route whose address carries one, by a placeholder", () => {
    const routes = secretRoutes();
    expect(routes).toEqual(
      expect.arrayContaining([
        "live/recap/:token",
        "live/recap/:token/export",
        "p/:id",
        "p/:id/export",
        "unsubscribe/:token",
      ]),
    );
    for (const route of [...routes, "api/auth/reset-password/:token"]) {
      const real = `/${route.replace(/:\w+/, TOKEN)}`;
      const logged = String(loggedPath(real));
      expect(logged, route).not.toContain(TOKEN);
      expect(logged, route).toMatch(/\/:(token|id)(\/|$)/);
    }
  });

  it("finds the secret whatever the case, encoding or doubled slashes", () => {
    for (const variant of [
      `/LIVE/Recap/${TOKEN}`,
      `//live//recap/${TOKEN}/export`,
      `/live/%72ecap/${TOKEN}`,
      `/API/auth/reset-password/${TOKEN}`,
      `/Unsubscribe/${TOKEN}`,
    ]) {
      expect(String(loggedPath(variant)), variant).not.toContain(TOKEN);
    }
  });

  it("resolves dot segments first, as the router does, so a detour cannot carry a secret past the placeholder", () => {
    for (const variant of [
      `/live/x/../recap/${TOKEN}`,
      `/live/./recap/${TOKEN}`,
      `/live/x/%2e%2e/recap/${TOKEN}`,
      `/live/x/%2E%2E/recap/${TOKEN}/export`,
      `/live/x%2f..%2frecap%2f${TOKEN}`,
      `/live/x/.%2e/recap/${TOKEN}`,
      `/live\\x\\..\\recap\\${TOKEN}`,
      `/teams/a/b/../../join/${TOKEN}`,
      `/x/../p/${TOKEN}`,
      `/about/../unsubscribe/${TOKEN}`,
      `/../../live/recap/${TOKEN}`,
    ]) {
      const logged = String(loggedPath(variant));
      expect(logged, variant).not.toContain(TOKEN);
      expect(logged, variant).toMatch(/\/:(token|id)(\/export)?$/);
    }
    expect(loggedPath(`/live/x/../recap/${TOKEN}`)).toBe("/live/recap/:token");
    expect(loggedPath("/teams/./a/../b/")).toBe("/teams/b/");
  });

  it("keeps the rest of a path as it is", () => {
    expect(loggedPath("/live/ABCDEF/host")).toBe("/live/ABCDEF/host");
    expect(loggedPath("/q/5f0c9a3e-2b7d-4c1e-9a8f-3d6b2e1c7a90")).toBe("/q/5f0c9a3e-2b7d-4c1e-9a8f-3d6b2e1c7a90");
  });

  it("drops the query and shortens e-mail addresses, also percent-encoded ones", () => {
    expect(loggedPath(`/reset-password?token=${TOKEN}`)).toBe("/reset-password");
    expect(loggedPath("/users/ada.lovelace@example.com")).toBe("/users/a***@example.com");
    expect(loggedPath("/users/ada.lovelace%40example.com")).toBe("/users/a***@example.com");
  });

  it("cuts a long path to a bounded length", () => {
    const logged = String(loggedPath(`/${"a".repeat(15_000)}`));
    expect(logged.length).toBeLessThan(MAX_LOGGED_PATH + 40);
    expect(logged).toMatch(/… \(15001 characters\)$/);
  });
});

describe("messages that quote an address", () => {
  it("lose the secret of a reset link or a recap, and a token in a query", () => {
    const message = `fetch failed for http://x/api/auth/reset-password/${TOKEN}?callbackURL=/reset-password and /live/recap/${TOKEN} and /reset-password?token=${TOKEN}`;
    expect(scrubLogText(message)).not.toContain(TOKEN);
  });
});

describe("a log line's own fields", () => {
  it("are scrubbed like messages: no address, no token of a link", () => {
    const fields = {
      status: 400,
      message: `No account for ada.lovelace@example.com at /live/recap/${TOKEN}`,
      path: "/live",
    };
    const scrubbed = scrubLogFields(fields) as Record<string, unknown>;
    expect(scrubbed.message).toBe("No account for a***@example.com at /live/recap/:token");
    expect(scrubbed.status).toBe(400);
    expect(scrubLogFields({ status: 200, path: "/about" })).toEqual({ status: 200, path: "/about" });
  });
});
