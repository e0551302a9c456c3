/**
 * Checks a question library folder against the content guide's measurable
 * rules and prints what falls short.
 *
 *   npm run library:check                       # content/questions
 *   npm run library:check -- content/drafts     # another folder
 *   npm run library:check -- content/drafts --file one-on-ones   # one file's problems only
 */
import fs from "node:fs";
import path from "node:path";
import {
  auditedQuestions,
  choiceCounts,
  choiceKey,
  deniedPhrases,
  type FiledQuestion,
  LIBRARY_RULES,
  otherFormatShare,
  overusedOpenings,
  unofferedLabels,
} from "~/domain/questions/library-audit";
import { parseLibraryFile } from "~/domain/questions/library-file";
import { overusedFrames, questionProblems } from "~/domain/questions/library-rules";
import { findNearDuplicates } from "~/domain/questions/near-duplicates";
import { CATEGORY_SLUGS, type CategorySlug } from "~/shared/categories";

const args = process.argv.slice(2);
const fileFlag = args.indexOf("--file");
const only = fileFlag >= 0 ? (args[fileFlag + 1] as CategorySlug) : undefined;
const folder = path.resolve(
  args.find((arg, i) => !arg.startsWith("--") && (fileFlag < 0 || i !== fileFlag + 1)) ?? "content/questions",
);

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

console.log(`${rows.length} questions in ${folder}`);
for (const slug of CATEGORY_SLUGS) {
  if (only && slug !== only) continue;
  const own = rows.filter((r) => r.file === slug).length;
  const member = rows.filter((r) => r.categories.includes(slug));
  console.log(`\n${slug}: ${own} in its file, ${member.length} with "also"`);
  if (member.length < LIBRARY_RULES.perCategory) report(`fewer than ${LIBRARY_RULES.perCategory} questions`);
  const thin = choiceCounts(member, slug).filter((c) => c.count < LIBRARY_RULES.perChoicePerCategory);
  for (const { choice, count } of thin)
    report(`${choiceKey(choice)}: ${count} (needs ${LIBRARY_RULES.perChoicePerCategory})`);
  const formats = otherFormatShare(member);
  console.log(`  other formats: ${(formats * 100).toFixed(1)}%`);
  if (formats < LIBRARY_RULES.otherFormatsShare)
    report(`other formats below ${LIBRARY_RULES.otherFormatsShare * 100}%`);
}

if (!only) {
  console.log("\nhome page, every category together:");
  for (const { choice, count } of choiceCounts(rows))
    if (count < LIBRARY_RULES.perChoiceOverall)
      report(`${choiceKey(choice)}: ${count} (needs ${LIBRARY_RULES.perChoiceOverall})`);
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
