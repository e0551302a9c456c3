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
function csvCell(value: string | null): string {
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

/** Grouped by type, in meeting order, so the file reads like a plan. */
export function toMarkdown(rows: ExportRow[], appName: string): string {
  const parts = [`# Saved questions`, "", `Exported from ${appName}.`, ""];
  for (const type of ["check-in", "energizer", "check-out"]) {
    const group = rows.filter((r) => r.type === type);
    if (group.length === 0) continue;
    parts.push(`## ${TYPE_TITLES[type]}`, "");
    for (const r of group)
      parts.push(`- ${r.question.replace(/([\\`*_[\]])/g, "\\$1")} _(${r.questionStyle}, ${r.engagementLevel})_`);
    parts.push("");
  }
  return `${parts.join("\n").trimEnd()}\n`;
}

export function toPlainText(rows: ExportRow[]): string {
  return `${rows.map((r, i) => `${i + 1}. ${r.question}`).join("\n")}\n`;
}

export function renderExport(format: ExportFormat, rows: ExportRow[], appName: string): string {
  switch (format) {
    case "csv":
      return toCsv(rows);
    case "json":
      return toJson(rows);
    case "markdown":
      return toMarkdown(rows, appName);
    case "text":
      return toPlainText(rows);
  }
}
