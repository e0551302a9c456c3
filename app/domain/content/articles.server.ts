import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { Marked } from "marked";
import { z } from "zod";
import { projectPath } from "~/project-root.server";

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

export type ArticleHeading = { id: string; text: string; level: 2 | 3 };

export type Article = ArticleSummary & {
  html: string;
  headings: ArticleHeading[];
  related: ArticleSummary[];
};

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The plain text of a rendered inline fragment: tags dropped, marked's entities decoded. */
function plainText(html: string): string {
  return html.replace(/<[^>]+>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Markdown to HTML with an id on every h2 and h3, so the contents list can link to them. */
function render(markdown: string): { html: string; headings: ArticleHeading[] } {
  const headings: ArticleHeading[] = [];
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        if (depth !== 2 && depth !== 3) return `<h${depth}>${inner}</h${depth}>\n`;
        let id = slugify(inner);
        while (headings.some((h) => h.id === id)) id = `${id}-2`;
        headings.push({ id, text: plainText(inner), level: depth });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  // The Markdown is our own reviewed content from the repository, never user input.
  const html = marked.parse(markdown, { async: false });
  return { html, headings };
}

type LoadedArticle = ArticleSummary & { html: string; headings: ArticleHeading[]; relatedSlugs: string[] };

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Reads and renders every article once; a bad file fails loudly at start, naming the file. */
export function readArticles(folder = projectPath("content/articles")): LoadedArticle[] {
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(".md")) : [];
  return files
    .map((file) => {
      const { data, content } = matter(fs.readFileSync(path.join(folder, file), "utf8"));
      const parsed = frontMatterSchema.safeParse(data);
      if (!parsed.success) {
        throw new Error(
          `content/articles/${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
        );
      }
      const meta = parsed.data;
      const words = content.split(/\s+/).filter(Boolean).length;
      return {
        slug: file.replace(/\.md$/, ""),
        title: meta.title,
        description: meta.description,
        published: isoDate(meta.published),
        updated: isoDate(meta.updated ?? meta.published),
        readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
        relatedSlugs: meta.related,
        ...render(content),
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
