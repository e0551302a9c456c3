/**
 * The written guidance of the home and category pages, read from
 * content/guides: one file per category (named by its slug) and home.md.
 *
 * A guide file is Markdown without front matter, in sections under fixed h2
 * headings: "## Intro" (paragraphs), "## Advice" (a "### title" and one
 * paragraph per tip), "## Examples" (a bulleted list) and "## FAQ" (a
 * "### question", one answer paragraph and optionally a paragraph holding
 * only a link to another page). A category guide has all four sections;
 * home.md holds only the FAQ. Texts are plain: no emphasis, code or inline
 * links, because the pages show them as text. Reviewed like the question
 * library: the FAQ answers must match the options the generator really
 * offers (app/shared/questions.ts). A text may hold a passage shown only
 * where the server does it, "{if ai}…{end}" (feature-passages.ts).
 */
import { marked, type Token, type Tokens } from "marked";
import { z } from "zod";
import { projectPath } from "~/project-root.server";
import { CATEGORY_SLUGS, type CategorySlug } from "~/shared/categories";
import type { SiteFeatures } from "~/shared/features";
import { everyPassage, forFeatures } from "./feature-passages";
import { contentError, contentLabel, describeIssues, type MarkdownFile, readMarkdownFolder } from "./markdown.server";

const HOME = "home";

const text = z.string().trim().min(1);
const faqItemSchema = z.object({
  question: text,
  answer: text,
  link: z
    .object({ to: z.string().regex(/^\/[a-z0-9/#?=&-]*$/, "must be a path on this site"), label: text })
    .optional(),
});
const categoryGuideSchema = z.strictObject({
  intro: z.array(text).min(1),
  advice: z.array(z.object({ title: text, text })).min(1),
  examples: z.array(text).min(1),
  faq: z.array(faqItemSchema).min(1),
});
const homeGuideSchema = z.strictObject({ faq: z.array(faqItemSchema).min(1) });

export type FaqItem = z.output<typeof faqItemSchema>;

export type CategoryGuide = {
  /** Shown under the page's h1: why questions matter in this meeting type. */
  intro: string[];
  /** Practical facilitation advice for this meeting type. */
  advice: { title: string; text: string }[];
  /** Example questions a host could ask (safe, specific, no forced disclosure). */
  examples: string[];
  faq: FaqItem[];
};

const SECTIONS = { Intro: "intro", Advice: "advice", Examples: "examples", FAQ: "faq" } as const;
type Section = (typeof SECTIONS)[keyof typeof SECTIONS];

/** A "### heading" with the paragraphs under it. */
type Entry = { title: string; paragraphs: Tokens.Paragraph[] };
type Sections = { intro?: string[]; advice?: Entry[]; examples?: string[]; faq?: Entry[] };

/** The text of inline tokens, refusing anything the pages would not show as written. */
function plain(tokens: Token[] | undefined, label: string, raw: string): string {
  const parts = (tokens ?? []).map((token) => {
    if (token.type === "escape") return (token as Tokens.Escape).text;
    if (token.type !== "text") throw contentError(label, `plain text only, found ${token.type} in "${raw.trim()}"`);
    const textToken = token as Tokens.Text;
    return textToken.tokens ? plain(textToken.tokens, label, raw) : textToken.text;
  });
  return parts.join("").replace(/\s*\n\s*/g, " ");
}

/** The Markdown of a guide file, split into its sections. */
function sectionsOf(file: MarkdownFile<unknown>): Sections {
  const { label } = file;
  const sections: Sections = {};
  let section: Section | undefined;
  // marked's Token union includes a generic token, so each kind is named once its type is checked.
  for (const token of marked.lexer(file.content)) {
    if (token.type === "space") continue;
    const heading = token.type === "heading" ? (token as Tokens.Heading) : undefined;
    if (heading?.depth === 2) {
      const name = plain(heading.tokens, label, heading.raw);
      section = SECTIONS[name as keyof typeof SECTIONS];
      if (!section)
        throw contentError(label, `unknown section "## ${name}"; use ## Intro, ## Advice, ## Examples, ## FAQ`);
      if (sections[section]) throw contentError(label, `"## ${name}" appears twice`);
      sections[section] = [];
      continue;
    }
    if (section === undefined) throw contentError(label, "text before the first ## section heading");
    if (heading?.depth === 3 && (section === "advice" || section === "faq")) {
      sections[section]?.push({ title: plain(heading.tokens, label, heading.raw), paragraphs: [] });
    } else if (token.type === "paragraph" && section === "intro") {
      sections.intro?.push(plain((token as Tokens.Paragraph).tokens, label, token.raw));
    } else if (token.type === "paragraph" && (section === "advice" || section === "faq")) {
      const entry = sections[section]?.at(-1);
      if (!entry) throw contentError(label, `a paragraph in ## ${section} needs a ### heading above it`);
      entry.paragraphs.push(token as Tokens.Paragraph);
    } else if (token.type === "list" && section === "examples" && !(token as Tokens.List).ordered) {
      sections.examples?.push(...(token as Tokens.List).items.map((item) => plain(item.tokens, label, item.raw)));
    } else {
      throw contentError(label, `unexpected ${token.type} in the ${section} section: "${token.raw.trim()}"`);
    }
  }
  return sections;
}

/** A tip: its title and exactly one paragraph. */
function adviceOf({ title, paragraphs }: Entry, label: string): { title: string; text: string } {
  const [paragraph, ...rest] = paragraphs;
  if (!paragraph || rest.length > 0) throw contentError(label, `advice "${title}" needs exactly one paragraph`);
  return { title, text: plain(paragraph.tokens, label, paragraph.raw) };
}

/** An FAQ item: the answer, then optionally a paragraph holding only a link. */
function faqOf({ title, paragraphs }: Entry, label: string): FaqItem {
  const [answer, linkParagraph, ...rest] = paragraphs;
  if (!answer || rest.length > 0) throw contentError(label, `FAQ "${title}" needs one answer paragraph`);
  const item: FaqItem = { question: title, answer: plain(answer.tokens, label, answer.raw) };
  if (!linkParagraph) return item;
  const [first, ...more] = linkParagraph.tokens;
  if (first?.type !== "link" || more.length > 0)
    throw contentError(label, `FAQ "${title}": the paragraph after the answer may only hold a link`);
  const link = first as Tokens.Link;
  return { ...item, link: { to: link.href, label: plain(link.tokens, label, link.raw) } };
}

function parse<S extends z.ZodType>(file: MarkdownFile<unknown>, schema: S): z.output<S> {
  const passages = everyPassage(file.content);
  if ("problem" in passages) throw contentError(file.label, passages.problem);
  const { advice, faq, ...rest } = sectionsOf(file);
  const parsed = schema.safeParse({
    ...rest,
    ...(advice && { advice: advice.map((entry) => adviceOf(entry, file.label)) }),
    ...(faq && { faq: faq.map((entry) => faqOf(entry, file.label)) }),
  });
  if (!parsed.success) throw contentError(file.label, describeIssues(parsed.error));
  return parsed.data;
}

export type Guides = { categories: Record<CategorySlug, CategoryGuide>; homeFaq: FaqItem[] };

/** Reads every guide once; a missing, unknown or malformed file fails loudly, naming the file. */
export function readGuides(folder = projectPath("content/guides")): Guides {
  // Guides carry no front matter: the sections are the structure.
  const files = new Map(readMarkdownFolder(folder, z.strictObject({})).map((file) => [file.name, file]));
  for (const name of files.keys())
    if (name !== HOME && !(CATEGORY_SLUGS as readonly string[]).includes(name))
      throw contentError(contentLabel(folder, `${name}.md`), "no category has this slug");
  const fileFor = (name: string) => {
    const file = files.get(name);
    if (!file) throw contentError(contentLabel(folder, `${name}.md`), "missing");
    return file;
  };
  const categories = Object.fromEntries(
    CATEGORY_SLUGS.map((slug) => [slug, parse(fileFor(slug), categoryGuideSchema)]),
  ) as Record<CategorySlug, CategoryGuide>;
  return { categories, homeFaq: parse(fileFor(HOME), homeGuideSchema).faq };
}

let cache: Guides | undefined;
function guides(): Guides {
  cache ??= readGuides();
  return cache;
}

/** The guidance of one category page, as this server shows it. */
export function categoryGuide(slug: CategorySlug, features: SiteFeatures): CategoryGuide {
  const guide = guides().categories[slug];
  const shown = (text: string) => forFeatures(text, features);
  return {
    intro: guide.intro.map(shown),
    advice: guide.advice.map((tip) => ({ ...tip, text: shown(tip.text) })),
    examples: guide.examples.map(shown),
    faq: guide.faq.map((item) => ({ ...item, answer: shown(item.answer) })),
  };
}

/**
 * The home page FAQ (the first item starts open), as this server shows it.
 * An answer may name the AI limits as "{aiQuota}": the sentence every page
 * uses, from the settings (none without an AI).
 */
export function homeFaq(aiQuota: string | null, features: SiteFeatures): FaqItem[] {
  return guides().homeFaq.map((item) => ({
    ...item,
    answer: forFeatures(item.answer, features)
      .replaceAll("{aiQuota}", aiQuota ?? "")
      .replace(/\s+/g, " ")
      .trim(),
  }));
}
