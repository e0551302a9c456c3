/**
 * The site's text pages (about, how-to, support, pricing, legal), read from
 * content/pages/<slug>.md: a title and an optional lead in the front matter,
 * the page's prose in the body. A page may name a site value as
 * "{appName}", or the AI limits as "{aiQuota}" (one sentence, from the
 * settings); it is filled in before the Markdown is rendered. A passage in
 * "{if ai}…{end}" shows only where the server does it (feature-passages.ts).
 */
import { z } from "zod";
import { projectPath } from "~/project-root.server";
import type { SiteFeatures } from "~/shared/features";
import { everyPassage, forFeatures } from "./feature-passages";
import { contentError, contentLabel, readMarkdownFolder, renderMarkdown } from "./markdown.server";

/** The pages the routes show; each must have its file, and no other file may exist. */
export const PAGE_SLUGS = ["about", "how-to", "support", "pricing", "privacy-policy", "terms-of-service"] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** The values a page may name in braces. */
export type PageValues = { appName: string; aiQuota: string };
const PLACEHOLDER_NAMES: readonly string[] = ["appName", "aiQuota"] satisfies (keyof PageValues)[];
const PLACEHOLDER = /\{(\w+)\}/g;

const frontMatterSchema = z.strictObject({
  title: z.string().trim().min(1).max(70),
  lead: z.string().trim().min(1).max(200).optional(),
});

export type Page = { title: string; lead?: string; html: string };

type LoadedPage = { label: string; title: string; lead?: string; markdown: string };

/** Reads every page once; a missing, unknown or malformed file, or an unknown placeholder, fails naming the file. */
export function readPages(folder = projectPath("content/pages")): Map<PageSlug, LoadedPage> {
  const pages = new Map<PageSlug, LoadedPage>();
  for (const { name, label, data, content } of readMarkdownFolder(folder, frontMatterSchema)) {
    const slug = PAGE_SLUGS.find((s) => s === name);
    if (!slug) throw contentError(label, "no route shows this page");
    const passages = everyPassage(`${data.title}\n${data.lead ?? ""}\n${content}`);
    if ("problem" in passages) throw contentError(label, passages.problem);
    for (const [placeholder, placeholderName] of passages.text.matchAll(PLACEHOLDER))
      if (!PLACEHOLDER_NAMES.includes(placeholderName ?? ""))
        throw contentError(label, `unknown placeholder ${placeholder}; known: {${PLACEHOLDER_NAMES.join("}, {")}}`);
    pages.set(slug, { label, title: data.title, lead: data.lead, markdown: content });
  }
  for (const slug of PAGE_SLUGS)
    if (!pages.has(slug)) throw contentError(contentLabel(folder, `${slug}.md`), "missing; its route shows it");
  return pages;
}

/** Fills the placeholders; in Markdown the value is escaped, so it always shows as written. */
function fill(template: string, values: Partial<PageValues>, label: string, inMarkdown: boolean): string {
  return template.replace(PLACEHOLDER, (placeholder, name: keyof PageValues) => {
    const value = values[name];
    if (value === undefined) throw contentError(label, `${placeholder} needs a value from the route`);
    return inMarkdown ? value.replace(/[!-/:-@[-`{-~]/g, "\\$&") : value;
  });
}

let cache: Map<PageSlug, LoadedPage> | undefined;
const rendered = new Map<string, Page>();

/**
 * One page as this server shows it, rendered once per set of values and
 * features (site settings, fixed while the server runs).
 */
export function findPage(slug: PageSlug, values: Partial<PageValues>, features: SiteFeatures): Page {
  cache ??= readPages();
  const key = `${slug}\n${JSON.stringify(values)}\n${JSON.stringify(features)}`;
  const known = rendered.get(key);
  if (known) return known;
  const loaded = cache.get(slug);
  if (!loaded) throw new Error(`No page ${slug}`);
  const { label } = loaded;
  const page: Page = {
    title: fill(forFeatures(loaded.title, features), values, label, false),
    ...(loaded.lead && { lead: fill(forFeatures(loaded.lead, features), values, label, false) }),
    html: renderMarkdown(fill(forFeatures(loaded.markdown, features), values, label, true)).html,
  };
  rendered.set(key, page);
  return page;
}
