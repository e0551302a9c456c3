/**
 * The content review's list (docs/content-review.md): a seeded sample of the
 * library, each line read by a facilitator who did not write it. A line keeps
 * its history: who wrote it, who read it, each verdict, and "fixed" where the
 * question changed after a verdict. A line fixed after a "no" stays a "no"
 * until a second reader, not the one who said no, passes it.
 */

/** What a line's history holds: a reader's verdict, or "fixed" when the question changed after one. */
type Verdict = "yes" | "no" | "fixed";

export type ReviewLine = {
  /** "team-building · connection/reflective/deep · pick-one": its file, labels and format. */
  labels: string;
  text: string;
  /** Who wrote the question; empty until someone says. */
  writer: string;
  /** Who gave each verdict, in order: one name per "yes" or "no". */
  readers: string[];
  /** The line's history, oldest first; empty while nobody has read it. */
  history: Verdict[];
  why: string;
  /** Written before lines named their writer and reader (the reads up to library v3): kept as they were, not checked. */
  legacy?: boolean;
};

const ARROW = " → ";
const VERDICTS: readonly string[] = ["yes", "no", "fixed"];

export const LIST_START =
  "<!-- review list: written by npm run library:review; verdicts are kept when a question is drawn again -->";
export const LIST_END = "<!-- end of review list -->";

const HEADER = [
  "| # | file · context/style/depth · format | question | written by | read by | would ask unedited | why |",
  "|---|---|---|---|---|---|---|",
];

const escapeCell = (text: string) => text.replace(/\|/g, "\\|");

/** The cells of a table row, with escaped bars kept inside their cell. */
function cellsOf(row: string): string[] {
  const inner = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

const listOf = (cell: string) =>
  cell
    .split("→")
    .map((part) => part.trim())
    .filter((part) => part && part !== "todo");

/** The list in a review file: its seed, how many questions the library held when it was drawn, and its lines. */
export function parseReviewList(markdown: string): { seed: number | null; total: number | null; lines: ReviewLine[] } {
  const start = markdown.indexOf(LIST_START);
  const end = markdown.indexOf(LIST_END);
  const list = start >= 0 && end > start ? markdown.slice(start, end) : "";
  const seed = list.match(/Seed: `(\d+)`/)?.[1];
  const total = list.match(/drawn: \d+ of (\d+) questions/)?.[1];
  const lines: ReviewLine[] = [];
  for (const row of list.split("\n")) {
    if (!/^\| \d+ \|/.test(row)) continue;
    const cells = cellsOf(row);
    if (cells.length === 5) {
      const [, labels = "", text = "", verdict = "", why = ""] = cells;
      lines.push({ labels, text, writer: "", readers: [], history: listOf(verdict) as Verdict[], why, legacy: true });
    } else {
      const [, labels = "", text = "", writer = "", readBy = "", verdict = "", why = ""] = cells;
      lines.push({ labels, text, writer, readers: listOf(readBy), history: listOf(verdict) as Verdict[], why });
    }
  }
  return { seed: seed ? Number(seed) : null, total: total ? Number(total) : null, lines };
}

/** The verdict a line stands at: its last "yes" or "no" (a fix keeps the "no" until it is read again); null unread. */
export function standing(line: Pick<ReviewLine, "history">): "yes" | "no" | null {
  for (let i = line.history.length - 1; i >= 0; i--) {
    const verdict = line.history[i];
    if (verdict === "yes" || verdict === "no") return verdict;
  }
  return null;
}

/** A question drawn for the list: its labels as the list shows them, and its text. */
export type Drawn = { labels: string; text: string };

/**
 * The new list: each drawn question keeps the line it had (found by its
 * text), or, when the library held as many questions as at the last draw and
 * the question at this place changed in the library since (its old text is
 * gone), the line it replaces, marked "fixed" after its verdicts. Everything
 * else starts unread.
 */
export function mergeReview(
  previous: readonly ReviewLine[],
  drawn: readonly Drawn[],
  options: { sameDraw: boolean; inLibrary: (text: string) => boolean },
): ReviewLine[] {
  const byText = new Map(previous.map((line) => [line.text, line]));
  return drawn.map((question, position) => {
    // A line kept from an older list takes the list's rules from now on: it needs its writer and reader named.
    const kept = byText.get(question.text);
    if (kept) return { ...kept, labels: question.labels, legacy: undefined };
    const before = previous[position];
    if (
      options.sameDraw &&
      before &&
      !options.inLibrary(before.text) &&
      fileOf(before.labels) === fileOf(question.labels)
    ) {
      const history: Verdict[] =
        before.history.length && before.history.at(-1) !== "fixed" ? [...before.history, "fixed"] : before.history;
      return { ...before, labels: question.labels, text: question.text, history, legacy: undefined };
    }
    return { labels: question.labels, text: question.text, writer: "", readers: [], history: [], why: "" };
  });
}

const fileOf = (labels: string) => labels.split(" · ")[0]?.trim() ?? "";

/** The list as the review file shows it, between its markers. */
export function renderReviewList(lines: readonly ReviewLine[], seed: number, total: number): string {
  const yes = lines.filter((line) => standing(line) === "yes").length;
  const unread = lines.filter((line) => standing(line) === null).length;
  const awaiting = lines.filter((line) => line.history.at(-1) === "fixed" && standing(line) === "no").length;
  const rows = lines.map((line, i) => {
    const verdict = line.history.length ? line.history.join(ARROW) : "todo";
    return `| ${i + 1} | ${line.labels} | ${escapeCell(line.text)} | ${escapeCell(line.writer)} | ${escapeCell(line.readers.join(ARROW))} | ${verdict} | ${escapeCell(line.why)} |`;
  });
  const share = lines.length ? Math.round((yes / lines.length) * 100) : 0;
  return [
    LIST_START,
    "",
    `Seed: \`${seed}\` · drawn: ${lines.length} of ${total} questions · would ask unedited: ${yes} of ${lines.length} (${share}%) · not read yet: ${unread} · fixed after a no, waiting for a second reader: ${awaiting}`,
    "",
    ...HEADER,
    ...rows,
    "",
    LIST_END,
  ].join("\n");
}

/**
 * What the list's rules refuse, line by line: a verdict without its reader,
 * a line read by the person who wrote it (or whose writer nobody named), a
 * word that is not a verdict, and a "yes" on a line fixed after a "no"
 * given by the reader who said no. Lines kept from before the list named
 * writers and readers are not checked.
 */
export function reviewProblems(lines: readonly ReviewLine[]): string[] {
  const problems: string[] = [];
  lines.forEach((line, i) => {
    if (line.legacy) return;
    const at = `#${i + 1} (${line.text})`;
    const unknown = line.history.filter((verdict) => !VERDICTS.includes(verdict));
    if (unknown.length) {
      problems.push(`${at}: "${unknown.join('", "')}" is not a verdict: yes, no, or fixed (written by the script)`);
      return;
    }
    const reads = line.history.filter((verdict) => verdict !== "fixed");
    if (reads.length === 0) return;
    if (line.readers.length !== reads.length)
      problems.push(
        `${at}: ${reads.length} verdicts but ${line.readers.length} readers: name each reader in "read by"`,
      );
    if (!line.writer) problems.push(`${at}: say who wrote the line in "written by": nobody reads their own line`);
    const writer = line.writer.toLowerCase();
    for (const reader of line.readers)
      if (writer && reader.toLowerCase() === writer) problems.push(`${at}: read by its writer, ${reader}`);
    // Walk the history: a "yes" after a fix that followed a "no" needs a reader other than the one who said no.
    let read = 0;
    let saidNo: string | null = null;
    let fixedAfterNo = false;
    for (const verdict of line.history) {
      if (verdict === "fixed") {
        fixedAfterNo = saidNo !== null;
        continue;
      }
      const reader = line.readers[read] ?? "";
      read += 1;
      if (verdict === "yes" && fixedAfterNo && saidNo !== null && reader.toLowerCase() === saidNo.toLowerCase())
        problems.push(`${at}: fixed after ${saidNo}'s no, so a second reader passes it, not ${saidNo} again`);
      saidNo = verdict === "no" ? reader : null;
      fixedAfterNo = false;
    }
  });
  return problems;
}
