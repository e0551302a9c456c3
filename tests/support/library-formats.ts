import fs from "node:fs";
import path from "node:path";
import { normalizeQuestionText } from "~/shared/questions";

/**
 * A curated question's format and ready answers, which the public list does
 * not show, and its labels: moment, style, depth, and the categories it is
 * filed under (its file's first).
 */
export type LibraryEntry = {
  format: string;
  answers: string[];
  meetingContext: string;
  questionStyle: string;
  engagementLevel: string;
  categories: string[];
};

type StoredEntry = {
  text: string;
  format?: string;
  answers?: string[];
  context: string;
  style: string;
  engagement: string;
  also?: string[];
};

const LIBRARY_DIR = path.resolve(import.meta.dirname, "../../content/questions");

let library: Map<string, LibraryEntry> | undefined;

/** The library entry of a listed question, matched on its text as the library import compares it. */
export function libraryEntryOf(questionText: string): LibraryEntry | undefined {
  library ??= new Map(
    fs
      .readdirSync(LIBRARY_DIR)
      .filter((file) => file.endsWith(".json"))
      .flatMap((file) => {
        const content = JSON.parse(fs.readFileSync(path.join(LIBRARY_DIR, file), "utf8")) as {
          category: string;
          questions: StoredEntry[];
        };
        return content.questions.map(
          (q) =>
            [
              normalizeQuestionText(q.text),
              {
                format: q.format ?? "open",
                answers: q.answers ?? [],
                meetingContext: q.context,
                questionStyle: q.style,
                engagementLevel: q.engagement,
                categories: [content.category, ...(q.also ?? [])],
              },
            ] as const,
        );
      }),
  );
  return library.get(normalizeQuestionText(questionText));
}
