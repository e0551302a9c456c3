import { z } from "zod";
import { shownTextProblem } from "./text";

export const NEWS_SUBJECT_MAX = 120;
export const NEWS_TEXT_MAX = 5_000;

/** What an admin writes for a product-news mail: a one-line subject and plain text, paragraphs split by blank lines. */
export const productNewsSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Please write a subject")
    .max(NEWS_SUBJECT_MAX, `Please keep the subject under ${NEWS_SUBJECT_MAX} characters`)
    .refine((subject) => shownTextProblem(subject) === null, "The subject must be one line of visible text"),
  text: z
    .string()
    .trim()
    .min(1, "Please write the news")
    .max(NEWS_TEXT_MAX, `Please keep the news under ${NEWS_TEXT_MAX} characters`)
    .refine((text) => shownTextProblem(text, { lineBreaks: true }) === null, "The news must be visible text"),
});
export type ProductNewsInput = z.infer<typeof productNewsSchema>;
