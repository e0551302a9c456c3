import { z } from "zod";
import { projectPath } from "~/project-root.server";
import { type MarkdownHeading, readMarkdownFolder, renderMarkdown } from "./markdown.server";

const WORDS_PER_MINUTE = 220;

const frontMatterSchema = z.object({
  title: z.string().min(1).max(70),
  description: z.string().min(50).max(160),
  published: z.coerce.date(),
  updated: z.coerce.date().optional(),
  related: z.array(z.string()).default([]),
});

export type ArticleSummary = {
  slug: string;
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD). */
  published: string;
  updated: string;
  readingMinutes: number;
};

export type ArticleHeading = MarkdownHeading;

export type Article = ArticleSummary & {
  html: string;
  headings: ArticleHeading[];
  related: ArticleSummary[];
};

type LoadedArticle = ArticleSummary & { html: string; headings: ArticleHeading[]; relatedSlugs: string[] };

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Reads and renders every article once; a bad file fails loudly at start, naming the file. */
export function readArticles(folder = projectPath("content/articles")): LoadedArticle[] {
  return readMarkdownFolder(folder, frontMatterSchema)
    .map(({ name, data: meta, content }) => {
      const words = content.split(/\s+/).filter(Boolean).length;
      return {
        slug: name,
        title: meta.title,
        description: meta.description,
        published: isoDate(meta.published),
        updated: isoDate(meta.updated ?? meta.published),
        readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
        relatedSlugs: meta.related,
        ...renderMarkdown(content),
      };
    })
    .sort((a, b) => b.published.localeCompare(a.published) || a.title.localeCompare(b.title));
}

let cache: LoadedArticle[] | undefined;
function articles(): LoadedArticle[] {
  cache ??= readArticles();
  return cache;
}

function summary({ slug, title, description, published, updated, readingMinutes }: LoadedArticle): ArticleSummary {
  return { slug, title, description, published, updated, readingMinutes };
}

/** Every article, newest first. */
export function listArticles(): ArticleSummary[] {
  return articles().map(summary);
}

/** One article with its related articles (those it names, then the newest others, three in all). */
export function findArticle(slug: string): Article | null {
  const all = articles();
  const found = all.find((a) => a.slug === slug);
  if (!found) return null;
  const named = found.relatedSlugs.flatMap((s) => all.filter((a) => a.slug === s && a.slug !== slug));
  const others = all.filter((a) => a.slug !== slug && !named.includes(a));
  const { relatedSlugs: _relatedSlugs, ...article } = found;
  return { ...article, related: [...named, ...others].slice(0, 3).map(summary) };
}
