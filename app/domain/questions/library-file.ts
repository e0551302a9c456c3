import { z } from "zod";
import { CATEGORY_SLUGS } from "~/shared/categories";
import {
  ENGAGEMENT_LEVEL_VALUES,
  MEETING_CONTEXT_VALUES,
  QUESTION_STYLE_VALUES,
  QUESTION_TEXT_MAX,
  QUESTION_TEXT_MIN,
} from "~/shared/questions";

/** One file of the curated library (content/questions/README.md describes the format). */
export const libraryFileSchema = z.object({
  category: z.enum(CATEGORY_SLUGS),
  questions: z
    .array(
      z.object({
        text: z.string().trim().min(QUESTION_TEXT_MIN).max(QUESTION_TEXT_MAX),
        context: z.enum(MEETING_CONTEXT_VALUES),
        style: z.enum(QUESTION_STYLE_VALUES),
        engagement: z.enum(ENGAGEMENT_LEVEL_VALUES),
      }),
    )
    .min(1),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

/** Parses one file's text; the error names the file and the entry at fault. */
export function parseLibraryFile(name: string, json: string): LibraryFile {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new Error(`${name}: not valid JSON (${(error as Error).message})`);
  }
  const result = libraryFileSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${name}: ${issue?.path.join(".")} ${issue?.message}`);
  }
  return result.data;
}
