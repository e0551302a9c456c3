/**
 * Draws a reproducible sample of the question library for a facilitator's
 * read and writes it into docs/content-review.md, keeping every line already
 * there for a question that is drawn again, and marking "fixed" a line whose
 * question changed in the library since its verdict. Then checks the list's
 * rules (library-review.ts) and exits 1 when a line breaks one.
 *
 *   npm run library:review                  # seed from the file, else the default
 *   npm run library:review -- --seed 42     # another draw
 *   npm run library:review -- --size 120
 *   npm run library:review -- --check       # only check the list as it is
 */
import fs from "node:fs";
import path from "node:path";
import { readLibrary } from "~/domain/questions/library.server";
import { auditedQuestions } from "~/domain/questions/library-audit";
import {
  LIST_END,
  LIST_START,
  mergeReview,
  parseReviewList,
  type ReviewLine,
  renderReviewList,
  reviewProblems,
} from "~/domain/questions/library-review";

const REVIEW_FILE = path.resolve("docs/content-review.md");
const DEFAULT_SEED = 20261126;

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};

const existing = fs.existsSync(REVIEW_FILE) ? fs.readFileSync(REVIEW_FILE, "utf8") : "";
const previous = parseReviewList(existing);

function check(lines: readonly ReviewLine[]): void {
  const problems = reviewProblems(lines);
  for (const problem of problems) console.log(`  ${problem}`);
  console.log(problems.length ? `${problems.length} problems in the review list` : "the review list keeps its rules");
  process.exitCode = problems.length ? 1 : 0;
}

if (args.includes("--check")) {
  check(previous.lines);
} else {
  const seed = Number(option("seed") ?? previous.seed ?? DEFAULT_SEED);
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
  const drawn = order.slice(0, size).map((i) => {
    const q = questions[i]!;
    const labels = `${q.file} · ${q.context}/${q.style}/${q.engagement}${q.format === "open" ? "" : ` · ${q.format}`}`;
    return { labels, text: q.text };
  });
  const texts = new Set(questions.map((q) => q.text));
  // Edited in place, a question keeps its place in the draw: same seed, same library size.
  const sameDraw = previous.seed === seed && previous.total === questions.length;
  const lines = mergeReview(previous.lines, drawn, { sameDraw, inLibrary: (text) => texts.has(text) });
  const list = renderReviewList(lines, seed, questions.length);
  const updated =
    existing.includes(LIST_START) && existing.includes(LIST_END)
      ? existing.slice(0, existing.indexOf(LIST_START)) +
        list +
        existing.slice(existing.indexOf(LIST_END) + LIST_END.length)
      : `${existing.trimEnd()}\n\n${list}\n`;
  fs.writeFileSync(REVIEW_FILE, updated);
  console.log(
    `${drawn.length} questions drawn with seed ${seed}; written to ${path.relative(process.cwd(), REVIEW_FILE)}`,
  );
  check(lines);
}
