import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Modules of the domain import each other one way: a file that imports
 * another is never imported back, however indirectly. A loop ties its files
 * into one, so none of them can change or be tested alone, and the order in
 * which they load decides what is defined. Live rounds know nothing of
 * teams: a team learns that its round ended from what its callers wire in.
 */

const DOMAIN = path.resolve(__dirname, "../../app/domain");

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The domain file an import names, if it names one (type-only imports included: they tie files as much). */
function domainFileOf(importer: string, specifier: string): string | null {
  let target: string | null = null;
  if (specifier.startsWith("~/domain/")) target = path.join(DOMAIN, specifier.slice("~/domain/".length));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(importer), specifier);
  if (!target) return null;
  const found = [target, `${target}.ts`, `${target}.tsx`].find((candidate) => existsSync(candidate));
  return found?.startsWith(DOMAIN) ? found : null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesUnder(DOMAIN)) {
    const source = readFileSync(file, "utf8");
    const targets = [...source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)]
      .map((match) => domainFileOf(file, match[1] as string))
      .filter((target): target is string => target !== null);
    graph.set(
      path.relative(DOMAIN, file),
      [...new Set(targets)].map((target) => path.relative(DOMAIN, target)),
    );
  }
  return graph;
}

/** The groups of files that import each other in a loop (strongly connected components of more than one file). */
function loops(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the domain's imports", () => {
  const graph = importGraph();

  it("never loop back to the file that made them", () => {
    expect(
      graph.get(path.join("live", "rounds.server.ts"))?.length,
      "the domain's files were not read",
    ).toBeGreaterThan(0);
    expect(loops(graph)).toEqual([]);
  });

  it("keep live rounds free of teams", () => {
    const fromLive = [...graph].flatMap(([file, targets]) =>
      file.startsWith(`live${path.sep}`)
        ? targets.filter((t) => t.startsWith(`teams${path.sep}`)).map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(fromLive).toEqual([]);
  });
});
