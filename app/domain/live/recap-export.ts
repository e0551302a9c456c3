import { csvCell, markdownText } from "~/domain/community/export-formats";
import type { LiveAnswer, RoundRecap } from "~/shared/live";
import { tally, wordCloud } from "~/shared/live-view";
import { PULSE_WITHHELD } from "~/shared/series";

/**
 * A round's recap as files: CSV for spreadsheets, Markdown for notes. Pure
 * functions; the route picks the content type and file name. An anonymous
 * round's files carry no names, even if one slipped into the recap.
 */
type RecapQuestion = RoundRecap["questions"][number];

function nameIn(recap: RoundRecap, question: RecapQuestion, name: string | null): string | null {
  return recap.anonymous || question.pulse ? null : name;
}

/** The pulse with answers but none listed: fewer than three, so its counts stay unsaid. */
function withheld(question: RecapQuestion): boolean {
  return question.pulse && question.answers.length === 0 && question.answeredCount > 0;
}

/** What a choice stood for; the recap keeps the index, people read the label. */
function choiceLabel(question: RecapQuestion, choice: number | null): string | null {
  return choice === null ? null : (question.options[choice] ?? null);
}

/** The recap lists visible answers only, so each one is counted as given. */
function asCounted(question: RecapQuestion): Pick<LiveAnswer, "kind" | "hidden" | "text" | "choice">[] {
  return question.answers.map((a) => ({ kind: "answer", hidden: false, text: a.text, choice: a.choice }));
}

const CSV_COLUMNS = ["question", "answer", "name", "kind"] as const;

/**
 * One row per answer (kind "answer"), then one per question with its number
 * of passes in the answer column (kind "passes"), so a question nobody
 * answered still has its row.
 */
export function recapToCsv(recap: RoundRecap): string {
  const rows: (string | null)[][] = [];
  for (const question of recap.questions) {
    for (const answer of question.answers) {
      const text =
        question.mode === "scale" || question.mode === "pick" ? choiceLabel(question, answer.choice) : answer.text;
      // Where each person had their own question, the row names the one this answers.
      rows.push([answer.question ?? question.text, text, nameIn(recap, question, answer.name), "answer"]);
    }
    rows.push([question.text, String(question.passedCount), null, "passes"]);
  }
  const lines = [CSV_COLUMNS.join(","), ...rows.map((row) => row.map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** A table cell: a `|` in the text would end the cell early. */
function tableCell(text: string): string {
  return markdownText(text).replace(/\|/g, "\\|");
}

/** The day the round was held, as an ISO date, which reads the same wherever the file is opened. */
function roundDay(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? markdownText(createdAt) : date.toISOString().slice(0, 10);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function questionMarkdown(recap: RoundRecap, question: RecapQuestion, index: number): string[] {
  const parts = [`## ${index + 1}. ${markdownText(question.text)}`, ""];
  parts.push(`${question.answeredCount} answered, ${question.passedCount} passed`, "");
  if (withheld(question)) {
    parts.push(PULSE_WITHHELD, "");
  } else if (question.mode === "scale" || question.mode === "pick") {
    parts.push("| Answer | Count | Share |", "| --- | ---: | ---: |");
    for (const row of tally(question, asCounted(question))) {
      parts.push(`| ${tableCell(row.label)} | ${row.count} | ${Math.round(row.share * 100)}% |`);
    }
    parts.push("");
  } else if (question.mode === "word") {
    const words = wordCloud(asCounted(question), Number.POSITIVE_INFINITY);
    for (const { word, count } of words) parts.push(`- ${markdownText(word)} (${count})`);
    if (words.length > 0) parts.push("");
  } else {
    let listed = 0;
    for (const answer of question.answers) {
      if (answer.text === null || answer.text.trim() === "") continue;
      const name = nameIn(recap, question, answer.name);
      const named = name?.trim() ? markdownText(name) : null;
      // "**Ada**, to “…”: answer" where each person had their own question, else "**Ada:** answer".
      const by = answer.question
        ? `${named ? `**${named}**, to ` : "To "}“${markdownText(answer.question)}”: `
        : named
          ? `**${named}:** `
          : "";
      parts.push(`- ${by}${markdownText(answer.text)}`);
      listed += 1;
    }
    if (listed > 0) parts.push("");
  }
  return parts;
}

/**
 * A heading per question in the order asked, its counts, then what people
 * said: the answers as a list, a scale's or pick's counts per option as a
 * table, one word's words with their counts (as the word cloud groups
 * them). Everything people wrote is escaped, so it shows as text.
 */
export function recapToMarkdown(recap: RoundRecap): string {
  const parts = [`# Live round, ${roundDay(recap.createdAt)}`, ""];
  const joined = plural(recap.participantCount, "person", "people");
  parts.push(recap.anonymous ? `${joined} joined. Answers were anonymous.` : `${joined} joined.`, "");
  recap.questions.forEach((question, i) => {
    parts.push(...questionMarkdown(recap, question, i));
  });
  return `${parts.join("\n").trimEnd()}\n`;
}
