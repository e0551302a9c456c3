import { withoutControlCharacters } from "~/shared/text";

/**
 * Saved questions as files: CSV, JSON, Markdown and plain text. Pure
 * functions; the route picks the content type and file name.
 */
export type ExportRow = {
  question: string;
  type: string;
  questionStyle: string;
  engagementLevel: string;
  categorySlug: string | null;
  savedAt: string;
};

export const EXPORT_FORMATS = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv" },
  json: { contentType: "application/json; charset=utf-8", extension: "json" },
  markdown: { contentType: "text/markdown; charset=utf-8", extension: "md" },
  text: { contentType: "text/plain; charset=utf-8", extension: "txt" },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

const COLUMNS: (keyof ExportRow)[] = [
  "question",
  "type",
  "questionStyle",
  "engagementLevel",
  "categorySlug",
  "savedAt",
];

/** RFC 4180 quoting; a leading =, +, - or @ is defused so spreadsheets do not run it as a formula. */
export function csvCell(value: string | null): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ExportRow[]): string {
  const lines = [COLUMNS.join(","), ...rows.map((r) => COLUMNS.map((c) => csvCell(r[c])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

export function toJson(rows: ExportRow[]): string {
  return `${JSON.stringify({ exportedAt: new Date().toISOString(), questions: rows }, null, 2)}\n`;
}

const TYPE_TITLES: Record<string, string> = {
  "check-in": "Check-in",
  energizer: "Energizers",
  "check-out": "Check-out",
};

/** How a Markdown export reads: saved questions are grouped by type; a meeting plan keeps its order. */
export type MarkdownOptions = { title?: string; inOrder?: boolean };

/**
 * Text a member wrote, as Markdown that shows it literally: one line; the
 * characters Markdown acts on inline backslash-escaped; `<` and `>` as
 * entities, so `<script>` stays text in any renderer and `<javascript:…>`
 * is no autolink; escaped brackets mean `[x](javascript:…)` is no link; a
 * leading `#`, `-`, `+` or `1.` starts no heading or nested list, and
 * trailing `#`s are not taken off a heading as its closing marks. Letters,
 * apostrophes, quotes and punctuation such as ? and , stay as they are.
 */
export function markdownText(text: string): string {
  return withoutControlCharacters(text)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_[\]~]/g, "\\$&")
    .replace(/&(?=#?\w+;)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/^[#+-]/, "\\$&")
    .replace(/^(\d+)([.)])(?=\s|$)/, "$1\\$2")
    .replace(/ (#+)$/, " \\$1");
}

/** Grouped by type, in meeting order, so the file reads like a plan (or in the plan's own order). */
export function toMarkdown(rows: ExportRow[], appName: string, options: MarkdownOptions = {}): string {
  const parts = [`# ${markdownText(options.title ?? "Saved questions")}`, "", `Exported from ${appName}.`, ""];
  if (options.inOrder) {
    rows.forEach((r, i) => {
      parts.push(`${i + 1}. **${(TYPE_TITLES[r.type] ?? r.type).replace(/s$/, "")}:** ${markdownText(r.question)}`);
    });
    return `${parts.join("\n").trimEnd()}\n`;
  }
  for (const type of ["check-in", "energizer", "check-out"]) {
    const group = rows.filter((r) => r.type === type);
    if (group.length === 0) continue;
    parts.push(`## ${TYPE_TITLES[type]}`, "");
    for (const r of group) parts.push(`- ${markdownText(r.question)} _(${r.questionStyle}, ${r.engagementLevel})_`);
    parts.push("");
  }
  return `${parts.join("\n").trimEnd()}\n`;
}

export function toPlainText(rows: ExportRow[]): string {
  return `${rows.map((r, i) => `${i + 1}. ${r.question}`).join("\n")}\n`;
}

export function renderExport(
  format: ExportFormat,
  rows: ExportRow[],
  appName: string,
  markdown: MarkdownOptions = {},
): string {
  switch (format) {
    case "csv":
      return toCsv(rows);
    case "json":
      return toJson(rows);
    case "markdown":
      return toMarkdown(rows, appName, markdown);
    case "text":
      return toPlainText(rows);
  }
}
