import { z } from "zod";
import { CATEGORY_SLUGS } from "~/shared/categories";
import { NOT_WHEN } from "~/shared/meeting-day";
import {
  ENGAGEMENT_LEVEL_VALUES,
  FORMAT_ANSWER_COUNTS,
  MEETING_CONTEXT_VALUES,
  QUESTION_FORMATS,
  QUESTION_STYLE_VALUES,
  QUESTION_TEXT_MAX,
  QUESTION_TEXT_MIN,
} from "~/shared/questions";

/** One file of the curated library (content/questions/README.md describes the format). */
export const libraryFileSchema = z.object({
  category: z.enum(CATEGORY_SLUGS),
  questions: z
    .array(
      z
        .object({
          text: z.string().trim().min(QUESTION_TEXT_MIN).max(QUESTION_TEXT_MAX),
          context: z.enum(MEETING_CONTEXT_VALUES),
          style: z.enum(QUESTION_STYLE_VALUES),
          engagement: z.enum(ENGAGEMENT_LEVEL_VALUES),
          format: z.enum(QUESTION_FORMATS).default("open"),
          /** Ready answers, in the order the text names them (scales low to high). */
          answers: z.array(z.string().trim().min(1).max(40)).optional(),
          /** Further categories the question genuinely fits. */
          also: z.array(z.enum(CATEGORY_SLUGS)).optional(),
          /** The days it does not fit: "after-weekend" (it asks about yesterday), "before-weekend", "sprint-start". */
          notWhen: z
            .array(z.enum(NOT_WHEN, { error: `notWhen holds ${NOT_WHEN.join(", ")}` }))
            .min(1, "notWhen names at least one day, or is left out")
            .refine((tags) => new Set(tags).size === tags.length, "notWhen names each day once")
            .optional(),
        })
        .superRefine((q, ctx) => {
          const [min, max] = FORMAT_ANSWER_COUNTS[q.format] ?? [0, 0];
          const count = q.answers?.length ?? 0;
          if (count < min || count > max)
            ctx.addIssue({
              code: "custom",
              path: ["answers"],
              message:
                max === 0
                  ? `a ${q.format} question carries no answers`
                  : `a ${q.format} question needs ${min === max ? min : `${min}-${max}`} answers`,
            });
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
