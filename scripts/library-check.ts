/**
 * Checks a question library folder against the content guide's measurable
 * rules and prints what falls short, so a writer knows what to write.
 *
 *   npm run library:check                       # content/questions
 *   npm run library:check -- content/drafts     # another folder
 *   npm run library:check -- --file one-on-ones  # one file's problems only
 *   npm run library:check -- --cells one-on-ones # that category's short cells, largest shortfall first
 */
import fs from "node:fs";
import path from "node:path";
import {
  auditedQuestions,
  type Cell,
  cellKey,
  cells,
  choiceCounts,
  choiceKey,
  deniedPhrases,
  type FiledQuestion,
  LIBRARY_RULES,
  median,
  otherFormatShare,
  overusedOpenings,
  questionsToWrite,
  shortCells,
  startingCells,
  unofferedLabels,
} from "~/domain/questions/library-audit";
import { parseLibraryFile } from "~/domain/questions/library-file";
import { framesIn, overusedFrames, questionProblems, stockFrames } from "~/domain/questions/library-rules";
import { findNearDuplicates } from "~/domain/questions/near-duplicates";
import { CATEGORY_SLUGS, type CategorySlug } from "~/shared/categories";

const args = process.argv.slice(2);
const flagValue = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const flagValues = new Set(["--file", "--cells"].map((flag) => args.indexOf(flag) + 1).filter((i) => i > 0));
const folder = path.resolve(args.find((arg, i) => !arg.startsWith("--") && !flagValues.has(i)) ?? "content/questions");
const categoryOption = (flag: string): CategorySlug | undefined => {
  const value = flagValue(flag);
  if (value === undefined) return undefined;
  if ((CATEGORY_SLUGS as readonly string[]).includes(value)) return value as CategorySlug;
  console.error(`${flag} takes a category: ${CATEGORY_SLUGS.join(", ")}`);
  process.exit(2);
};
const only = categoryOption("--file");
const cellsOf = categoryOption("--cells");

type Row = FiledQuestion;
const rows: Row[] = [];
let problems = 0;
const report = (line: string) => {
  problems += 1;
  console.log(`  ${line}`);
};

for (const name of fs
  .readdirSync(folder)
  .filter((n) => n.endsWith(".json"))
  .sort()) {
  try {
    rows.push(...auditedQuestions(parseLibraryFile(name, fs.readFileSync(path.join(folder, name), "utf8"))));
  } catch (error) {
    report((error as Error).message);
  }
}
const mine = (row: Row) => !only || row.file === only;
const allCells = cells(rows);
const starting = new Map(startingCells(allCells).map((cell) => [cell.category, cell]));

/** "daily-standup/check-in/playful/standard: 6 on a Monday (8 on other days), 7 of the 8 in its own file; 4 to write". */
function cellLine(cell: Cell, least: number): string {
  const day = cell.worstDay
    ? ` on a ${cell.worstDay[0]?.toUpperCase()}${cell.worstDay.slice(1)} (${cell.most} on other days)`
    : "";
  const own = cell.own === cell.most ? "" : `, ${cell.own} of the ${cell.most} in its own file`;
  return `${cellKey(cell)}: ${cell.count}${day}${own}; ${least - cell.count} to write`;
}

/** A category's short cells, the largest shortfall first: what its writer writes next. */
function listShortCells(slug: CategorySlug, asProblems: boolean) {
  const short = shortCells(allCells.filter((cell) => cell.category === slug));
  for (const cell of short) {
    const line = `[cell] ${cellLine(cell, LIBRARY_RULES.perCell)}`;
    if (asProblems) report(line);
    else console.log(`  ${line}`);
  }
  const first = starting.get(slug);
  if (first && first.count < LIBRARY_RULES.startingChoice) {
    const line = `[starting choice] ${cellLine(first, LIBRARY_RULES.startingChoice)} (the page opens on it)`;
    if (asProblems) report(line);
    else console.log(`  ${line}`);
  }
  return short;
}

if (cellsOf) {
  const mineCells = allCells.filter((cell) => cell.category === cellsOf);
  const short = shortCells(mineCells);
  console.log(
    `${cellsOf}: ${mineCells.length} cells, median ${median(mineCells.map((c) => c.count))}, ${short.length} under ${LIBRARY_RULES.perCell} (${short.reduce((sum, c) => sum + LIBRARY_RULES.perCell - c.count, 0)} questions to write)`,
  );
  console.log(`category/context/style/depth: questions it holds; how many to write, largest shortfall first`);
  listShortCells(cellsOf, false);
  process.exit(0);
}

console.log(`${rows.length} questions in ${folder}`);
for (const slug of CATEGORY_SLUGS) {
  if (only && slug !== only) continue;
  const own = rows.filter((r) => r.file === slug).length;
  const member = rows.filter((r) => r.categories.includes(slug));
  console.log(`\n${slug}: ${own} in its file, ${member.length} with "also"`);
  if (member.length < LIBRARY_RULES.perCategory) report(`fewer than ${LIBRARY_RULES.perCategory} questions`);
  const formats = otherFormatShare(member);
  console.log(`  other formats: ${(formats * 100).toFixed(1)}%`);
  if (formats < LIBRARY_RULES.otherFormatsShare)
    report(`other formats below ${LIBRARY_RULES.otherFormatsShare * 100}%`);
  const mineCells = allCells.filter((cell) => cell.category === slug);
  const short = shortCells(mineCells);
  const first = starting.get(slug);
  console.log(
    `  cells: median ${median(mineCells.map((c) => c.count))}; ${short.length} of ${mineCells.length} under ${LIBRARY_RULES.perCell} (${short.reduce((sum, c) => sum + LIBRARY_RULES.perCell - c.count, 0)} questions to write)`,
  );
  if (first) {
    // Beyond what its cell's line already asks for (up to 10), so the two add up to what the category needs.
    const more = LIBRARY_RULES.startingChoice - Math.max(first.count, LIBRARY_RULES.perCell);
    console.log(
      `  starting choice ${choiceKey(first.choice)}: ${first.count} of ${LIBRARY_RULES.startingChoice}${more > 0 ? ` (${more} more to write beyond the cells)` : ""}`,
    );
  }
  listShortCells(slug, true);
}

if (!only) {
  console.log("\nevery category together:");
  const counts = allCells.map((cell) => cell.count);
  const short = shortCells(allCells);
  const middle = median(counts);
  console.log(
    `  cells: ${allCells.length}, median ${middle} (needs ${LIBRARY_RULES.medianCell}); ${short.length} under ${LIBRARY_RULES.perCell} (${short.reduce((sum, c) => sum + LIBRARY_RULES.perCell - c.count, 0)} questions to write)`,
  );
  if (middle < LIBRARY_RULES.medianCell) report(`[cells] median cell ${middle}, needs ${LIBRARY_RULES.medianCell}`);
  console.log(
    `  questions to write in all: at least ${questionsToWrite(allCells)} (every cell to ${LIBRARY_RULES.perCell}, each starting choice to ${LIBRARY_RULES.startingChoice}, the median to ${LIBRARY_RULES.medianCell})`,
  );
  console.log(
    `  starting choices: ${[...starting.values()].map((c) => `${c.category} ${c.count}`).join(", ")} (each needs ${LIBRARY_RULES.startingChoice})`,
  );
  const thinOnHome = choiceCounts(rows).filter(({ count }) => count < LIBRARY_RULES.perChoiceOverall);
  if (thinOnHome.length === 0)
    console.log(`  home page: every choice has at least ${LIBRARY_RULES.perChoiceOverall} questions`);
  for (const { choice, count } of thinOnHome)
    report(`home page ${choiceKey(choice)}: ${count} (needs ${LIBRARY_RULES.perChoiceOverall})`);
}

console.log(`\nstock frames (at most ${LIBRARY_RULES.perFrame} in the library each), most used first:`);
for (const { frame, count } of stockFrames(rows.map((r) => r.text))) {
  const perFile = CATEGORY_SLUGS.map((slug) => ({
    slug,
    count: rows.filter((r) => r.file === slug && framesIn(r.text).includes(frame)).length,
  })).filter((f) => f.count > 0);
  const where = perFile.map((f) => `${f.slug} ${f.count}`).join(", ");
  if (only && !perFile.some((f) => f.slug === only)) continue;
  if (count > LIBRARY_RULES.perFrame)
    report(`[frame] ${frame}: ${count}, ${count - LIBRARY_RULES.perFrame} over (${where})`);
  else console.log(`  ${frame}: ${count}`);
}

console.log("\nlabels, words and openings:");
for (const row of unofferedLabels(rows.filter(mine))) report(`not an offered choice (${choiceKey(row)}): ${row.text}`);
const perRule = new Map<string, Map<string, number>>();
for (const row of rows.filter(mine)) {
  const denied = deniedPhrases(row.text);
  if (denied.length) report(`denied "${denied.join('", "')}": ${row.text}`);
  if (row.text.length < 20 || row.text.length > 200) report(`not 20-200 characters: ${row.text}`);
  for (const { rule, detail } of questionProblems(row)) {
    report(`[${rule}] ${detail}: [${row.file}] ${row.text}`);
    const files = perRule.get(rule) ?? new Map<string, number>();
    files.set(row.file, (files.get(row.file) ?? 0) + 1);
    perRule.set(rule, files);
  }
}
const scope = only ? rows.filter(mine) : rows;
for (const { opening, count } of overusedOpenings(scope.map((r) => r.text)))
  report(`opening "${opening}" used ${count} times (cap ${Math.floor(scope.length * LIBRARY_RULES.openingShare)})`);
for (const slug of CATEGORY_SLUGS) {
  if (only && slug !== only) continue;
  for (const { frame, count, cap } of overusedFrames(rows.filter((r) => r.file === slug).map((r) => r.text)))
    report(`[frame] ${slug}: ${frame} in ${count} questions (cap ${cap})`);
}
if (!only)
  for (const { frame, count, cap } of overusedFrames(rows.map((r) => r.text)))
    report(`[frame] library: ${frame} in ${count} questions (cap ${cap})`);
for (const pair of findNearDuplicates(rows.map((r) => r.text))) {
  const a = rows[pair.a]!;
  const b = rows[pair.b]!;
  if (!mine(a) && !mine(b)) continue;
  report(`[near-duplicate] (${pair.similarity.toFixed(2)}): [${a.file}] ${a.text} ~ [${b.file}] ${b.text}`);
}

if (perRule.size) {
  console.log("\nquestions breaking each rule, per file:");
  for (const [rule, files] of perRule)
    console.log(`  ${rule}: ${[...files].map(([file, count]) => `${file} ${count}`).join(", ")}`);
}
console.log(problems === 0 ? "\nno problems" : `\n${problems} problems`);
process.exitCode = problems === 0 ? 0 : 1;
