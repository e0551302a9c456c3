import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The "may import" table of docs/architecture.md, as lint sees it: each probe
 * is a one-line module placed in a layer's folder of a scratch tree that
 * carries the project's biome.json, so the real rules judge it.
 */
const PROBES: { file: string; source: string; allowed: boolean }[] = [
  // app/shared: only itself
  { file: "app/shared/a.ts", source: "~/shared/categories", allowed: true },
  { file: "app/shared/b.ts", source: "~/lib/seo", allowed: false },
  { file: "app/shared/c.ts", source: "~/domain/community/export-formats", allowed: false },
  { file: "app/shared/d.ts", source: "node:fs", allowed: false },
  { file: "app/shared/e.ts", source: "react", allowed: false },
  { file: "app/shared/f.ts", source: "zod", allowed: true },
  { file: "app/shared/g.ts", source: "pg", allowed: false },
  { file: "app/shared/h.ts", source: "drizzle-orm", allowed: false },
  { file: "app/shared/i.ts", source: "drizzle-orm/pg-core", allowed: false },
  { file: "app/shared/j.ts", source: "better-auth/plugins", allowed: false },
  { file: "app/shared/k.ts", source: "express", allowed: false },
  { file: "app/shared/l.ts", source: "@electric-sql/pglite", allowed: false },
  { file: "app/shared/m.ts", source: "fs", allowed: false },
  { file: "app/shared/n.ts", source: "../db/schema", allowed: false },
  // app/db: itself and app/shared
  { file: "app/db/a.ts", source: "~/shared/questions", allowed: true },
  { file: "app/db/b.ts", source: "~/domain/questions/library.server", allowed: false },
  { file: "app/db/c.ts", source: "../domain/questions/library.server", allowed: false },
  { file: "app/db/d.ts", source: "~/config.server", allowed: false },
  // app/domain: itself, app/db, app/shared; services, configuration and logger are passed in
  { file: "app/domain/x/a.ts", source: "~/db/schema", allowed: true },
  { file: "app/domain/x/b.ts", source: "../questions/library-audit", allowed: true },
  { file: "app/domain/x/c.ts", source: "~/web/session.server", allowed: false },
  { file: "app/domain/x/d.ts", source: "../../lib/seo", allowed: false },
  { file: "app/domain/x/e.ts", source: "~/routes/site/home", allowed: false },
  { file: "app/domain/x/f.ts", source: "~/config.server", allowed: false },
  { file: "app/domain/x/g.ts", source: "~/services.server", allowed: false },
  { file: "app/domain/x/h.ts", source: "~/logger.server", allowed: false },
  { file: "app/domain/x/i.ts", source: "react", allowed: false },
  { file: "app/domain/x/j.ts", source: "react-router", allowed: false },
  { file: "app/domain/x/k.ts", source: "../../services.server", allowed: false },
  { file: "app/domain/x/l.ts", source: "../../config.server", allowed: false },
  { file: "app/domain/x/m.ts", source: "../../logger.server", allowed: false },
  { file: "app/domain/n.ts", source: "../services.server", allowed: false },
  { file: "app/domain/o.ts", source: "../config.server", allowed: false },
  { file: "app/domain/p.ts", source: "../logger.server", allowed: false },
  { file: "app/domain/x/q.ts", source: "../../root", allowed: false },
  { file: "app/domain/x/r.ts", source: "../../../server/request-guards", allowed: false },
  { file: "app/domain/x/s.ts", source: "../../project-root.server", allowed: false },
  { file: "app/domain/x/t.ts", source: "../errors", allowed: true },
  { file: "app/domain/u.ts", source: "./x/a", allowed: true },
  { file: "app/domain/x/v.ts", source: "~/use-cases/execute.server", allowed: false },
  { file: "app/domain/w.ts", source: "../use-cases/actors", allowed: false },
  // app/use-cases: the domain, the database and shared code; services and settings are passed in, never HTTP
  { file: "app/use-cases/x/a.ts", source: "~/domain/errors", allowed: true },
  { file: "app/use-cases/x/b.ts", source: "~/shared/errors/codes", allowed: true },
  { file: "app/use-cases/x/c.ts", source: "../use-case", allowed: true },
  { file: "app/use-cases/x/d.ts", source: "~/web/http.server", allowed: false },
  { file: "app/use-cases/x/e.ts", source: "../../web/http.server", allowed: false },
  { file: "app/use-cases/x/f.ts", source: "~/services.server", allowed: false },
  { file: "app/use-cases/x/g.ts", source: "~/config.server", allowed: false },
  { file: "app/use-cases/x/h.ts", source: "react-router", allowed: false },
  { file: "app/use-cases/x/i.ts", source: "~/routes/site/home", allowed: false },
  { file: "app/use-cases/x/j.ts", source: "../../logger.server", allowed: false },
  // app/web: the server edge; never the UI
  { file: "app/web/a.ts", source: "~/services.server", allowed: true },
  { file: "app/web/b.ts", source: "~/domain/accounts/viewer.server", allowed: true },
  { file: "app/web/c.ts", source: "~/components/ContentPage", allowed: false },
  { file: "app/web/d.ts", source: "~/lib/use-copy", allowed: false },
  { file: "app/web/e.ts", source: "~/use-cases/execute.server", allowed: true },
  // app/lib and app/components: browser code
  { file: "app/lib/a.ts", source: "~/shared/analytics", allowed: true },
  { file: "app/lib/b.ts", source: "~/web/http.server", allowed: false },
  { file: "app/components/a.tsx", source: "~/lib/seo", allowed: true },
  { file: "app/components/b.tsx", source: "~/services.server", allowed: false },
  { file: "app/components/c.tsx", source: "~/domain/community/list.server", allowed: false },
  { file: "app/components/d.tsx", source: "~/routes/account/profile-actions.server", allowed: false },
  { file: "app/components/e.tsx", source: "~/config.server", allowed: false },
  { file: "app/components/f.tsx", source: "~/use-cases/actors", allowed: false },
  // app/routes: thin, no queries of their own
  { file: "app/routes/a.ts", source: "~/web/http.server", allowed: true },
  { file: "app/routes/e.ts", source: "~/use-cases/teams/teams.server", allowed: true },
  { file: "app/routes/b.ts", source: "drizzle-orm", allowed: false },
  { file: "app/routes/c.ts", source: "~/db/schema", allowed: false },
  { file: "app/routes/site/d.ts", source: "../../db/schema", allowed: false },
];

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "circleup-layers-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

type Diagnostic = { category: string; location: { path: string } };

function lintProbes(): Diagnostic[] {
  fs.copyFileSync("biome.json", path.join(scratch, "biome.json"));
  for (const probe of PROBES) {
    const file = path.join(scratch, probe.file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `import * as m from "${probe.source}";\n\nexport const probe = m;\n`);
  }
  const biome = path.resolve("node_modules/.bin/biome");
  const run = spawnSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: scratch,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return report.diagnostics.filter((d) => d.category === "lint/style/noRestrictedImports");
}

describe("layer rules", () => {
  const refused = new Set(lintProbes().map((d) => d.location.path));

  it.each(PROBES)("$file importing $source: allowed $allowed", (probe) => {
    expect(refused.has(probe.file)).toBe(!probe.allowed);
  });

  it("hold on the repository itself", () => {
    const run = spawnSync(path.resolve("node_modules/.bin/biome"), ["lint", "--reporter=json", "app", "server"], {
      encoding: "utf8",
    });
    const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
    expect(report.diagnostics.filter((d) => d.category === "lint/style/noRestrictedImports")).toEqual([]);
  });
});
