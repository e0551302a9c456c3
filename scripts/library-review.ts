/**
 * Draws a reproducible sample of the question library for an editor's read
 * and writes it into docs/content-review.md, keeping every verdict already
 * written there for a question that is drawn again.
 *
 *   npm run library:review                  # seed from the file, else the default
 *   npm run library:review -- --seed 42     # another draw
 *   npm run library:review -- --size 120
 */
import fs from "node:fs";
import path from "node:path";
import { readLibrary } from "~/domain/questions/library.server";
import { auditedQuestions } from "~/domain/questions/library-audit";

const REVIEW_FILE = path.resolve("docs/content-review.md");
const DEFAULT_SEED = 20261126;
const LIST_START =
  "<!-- review list: written by npm run library:review; verdicts are kept when a question is drawn again -->";
const LIST_END = "<!-- end of review list -->";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};

const existing = fs.existsSync(REVIEW_FILE) ? fs.readFileSync(REVIEW_FILE, "utf8") : "";
const seed = Number(option("seed") ?? existing.match(/Seed: `(\d+)`/)?.[1] ?? DEFAULT_SEED);
const size = Number(option("size") ?? 120);

/** mulberry32: a small, well-known seeded generator, so the same seed draws the same sample anywhere. */
function random(seedValue: number): () => number {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const questions = readLibrary().files.flatMap(auditedQuestions);
// A partial Fisher-Yates shuffle over the library in file order (files sorted by name).
const next = random(seed);
const order = questions.map((_, i) => i);
for (let i = 0; i < Math.min(size, order.length); i++) {
  const j = i + Math.floor(next() * (order.length - i));
  [order[i], order[j]] = [order[j] as number, order[i] as number];
}
const drawn = order.slice(0, size).map((i) => questions[i]!);

/** Verdicts already in the file, by question text: "yes" or "no" and the reason. */
const verdicts = new Map<string, { verdict: string; why: string }>();
for (const line of existing.split("\n")) {
  const cells = line.split(" | ");
  if (cells.length < 5 || !/^\| \d+$/.test(cells[0] ?? "")) continue;
  const text = (cells[2] ?? "").replace(/\\\|/g, "|");
  verdicts.set(text, { verdict: cells[3] ?? "", why: (cells[4] ?? "").replace(/ \|$/, "") });
}

const escapeCell = (text: string) => text.replace(/\|/g, "\\|");
const rows = drawn.map((q, i) => {
  const kept = verdicts.get(q.text);
  const labels = `${q.file} · ${q.context}/${q.style}/${q.engagement}${q.format === "open" ? "" : ` · ${q.format}`}`;
  return `| ${i + 1} | ${labels} | ${escapeCell(q.text)} | ${kept?.verdict ?? "todo"} | ${kept?.why ?? ""} |`;
});
const yes = rows.filter((row) => row.split(" | ")[3] === "yes").length;
const list = [
  LIST_START,
  "",
  `Seed: \`${seed}\` · drawn: ${drawn.length} of ${questions.length} questions · would ask unedited: ${yes} of ${drawn.length} (${Math.round((yes / drawn.length) * 100)}%)`,
  "",
  "| # | file · context/style/depth · format | question | would ask unedited | why |",
  "|---|---|---|---|---|",
  ...rows,
  "",
  LIST_END,
].join("\n");

const updated =
  existing.includes(LIST_START) && existing.includes(LIST_END)
    ? existing.slice(0, existing.indexOf(LIST_START)) +
      list +
      existing.slice(existing.indexOf(LIST_END) + LIST_END.length)
    : `${existing.trimEnd()}\n\n${list}\n`;
fs.writeFileSync(REVIEW_FILE, updated);
console.log(
  `${drawn.length} questions drawn with seed ${seed}; ${yes} marked yes; written to ${path.relative(process.cwd(), REVIEW_FILE)}`,
);
