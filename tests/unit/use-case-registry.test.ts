import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { ERROR_CODES } from "~/shared/errors/codes";
import { errorsOf, USE_CASES } from "~/use-cases/registry.server";
import type { AnyUseCase } from "~/use-cases/use-case";
import { API_ROUTES, type ApiPath, servedPath } from "~/web/adapters/api-routes.server";

/** Every module under app/use-cases that declares use cases, loaded as the server would. */
async function declaredUseCases(): Promise<AnyUseCase[]> {
  const root = path.resolve("app/use-cases");
  const files = fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".server.ts") && !file.endsWith("execute.server.ts"));
  const found: AnyUseCase[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(path.join(root, file));
    for (const value of Object.values(module)) {
      if (typeof value === "object" && value !== null && "run" in value && "actors" in value) {
        found.push(value as AnyUseCase);
      }
    }
  }
  return found;
}

/** The `/api/v1` paths app/routes.ts serves, as the route table writes them (`:name` as `{name}`). */
function servedApiPaths(): string[] {
  const paths: string[] = [];
  const walk = (entries: readonly { path?: string; children?: unknown }[]) => {
    for (const entry of entries) {
      if (entry.path?.startsWith("api/v1/")) paths.push(`/${entry.path.replace(/:(\w+)/g, "{$1}")}`);
      if (Array.isArray(entry.children)) walk(entry.children);
    }
  };
  walk(routes);
  return paths;
}

/**
 * Routes of `/api/v1` that stay hand-written, each for the reason its module
 * states: one module serving the three directed-AI paths by `:kind`, an event
 * stream, file downloads, public counts, the offline slice of the library.
 */
const HAND_WRITTEN = [
  "/api/v1/ai/{kind}",
  "/api/v1/rounds/{code}/events",
  "/api/v1/saved",
  "/api/v1/stats",
  "/api/v1/offline-library",
];

describe("the use-case registry", () => {
  it("holds every declared use case once, under a unique name", async () => {
    const declared = await declaredUseCases();
    expect(new Set(declared.map((useCase) => useCase.name)).size).toBe(declared.length);
    expect([...USE_CASES.keys()].sort()).toEqual(declared.map((useCase) => useCase.name).sort());
  });

  it("makes every use case that lets API tokens in say which scope it needs, and never lets them manage tokens", () => {
    const forTokens = [...USE_CASES.values()].filter((useCase) => useCase.actors.includes("token"));
    expect(forTokens.length).toBeGreaterThan(10);
    for (const useCase of forTokens) {
      expect(["read", "write"], useCase.name).toContain(useCase.scope);
      expect(useCase.name, "a token must not make or revoke tokens").not.toMatch(/token/);
    }
    // A call that changes nothing the member keeps needs read only; the rest write.
    const scopes = Object.fromEntries(forTokens.map((useCase) => [useCase.name, useCase.scope]));
    expect(scopes).toMatchObject({
      "questions.generate": "read",
      "teams.list-questions": "read",
      "questions.save": "write",
      "teams.write-question": "write",
      "live.start-round": "write",
      "live.host-action": "write",
    });
  });

  it("gives every use case a summary, the callers it accepts and codes the catalogue renders", () => {
    for (const useCase of USE_CASES.values()) {
      expect(useCase.summary.length, useCase.name).toBeGreaterThan(10);
      expect(useCase.actors.length, useCase.name).toBeGreaterThan(0);
      expect(ERROR_CODES, useCase.name).toEqual(expect.arrayContaining(errorsOf(useCase)));
    }
  });

  it("lets every /api/v1 route app/routes.ts serves run a registered use case, or says why not", () => {
    const table = (Object.keys(API_ROUTES) as ApiPath[]).map(servedPath);
    expect(
      servedApiPaths()
        .filter((p) => !table.includes(p))
        .sort(),
    ).toEqual([...HAND_WRITTEN].sort());
    // The table's paths are served (the directed AI's three by one module).
    const served = servedApiPaths().map((p) => p.replace("{kind}", "candidates"));
    const unserved = table.filter((p) => !served.includes(p) && !p.startsWith("/api/v1/ai/"));
    expect(table).toContain("/api/v1/questions/{id}/vote");
    expect(unserved).toEqual([]);
    for (const [route, methods] of Object.entries(API_ROUTES)) {
      for (const [method, endpoint] of Object.entries(methods)) {
        expect(USE_CASES.get(endpoint.useCase.name), `${method} ${route}`).toBe(endpoint.useCase);
      }
    }
  });
});
