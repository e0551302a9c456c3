import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { Marked } from "marked";
import type { z } from "zod";
import { projectPath } from "~/project-root.server";

/** One Markdown file of a content folder: its name without ".md", its label for errors, checked front matter and body. */
export type MarkdownFile<T> = { name: string; label: string; data: T; content: string };

export type MarkdownHeading = { id: string; text: string; level: 2 | 3 };

/** A content problem, its message starting with the file it is in (relative to the project). */
export function contentError(label: string, problem: string): Error {
  return new Error(`${label}: ${problem}`);
}

/** How a content file is named in errors: its path from the project folder (absolute when outside it). */
export function contentLabel(folder: string, file: string): string {
  const fullPath = path.join(folder, file);
  const relative = path.relative(projectPath(), fullPath);
  return relative.startsWith("..") ? fullPath : relative;
}

/** Zod issues as one line: "path message; path message". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".")} ${i.message}`.trim()).join("; ");
}

/**
 * Every .md file of a content folder, sorted by name, with its front matter
 * checked against the schema. A bad file fails loudly, naming the file.
 */
export function readMarkdownFolder<S extends z.ZodType>(folder: string, schema: S): MarkdownFile<z.output<S>>[] {
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith(".md")) : [];
  return files.sort().map((file) => {
    const label = contentLabel(folder, file);
    const { data, content } = matter(fs.readFileSync(path.join(folder, file), "utf8"));
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw contentError(label, describeIssues(parsed.error));
    return { name: file.replace(/\.md$/, ""), label, data: parsed.data, content };
  });
}

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

/** Markdown to HTML with an id on every h2 and h3, so a contents list or a link can point at them. */
export function renderMarkdown(markdown: string): { html: string; headings: MarkdownHeading[] } {
  const headings: MarkdownHeading[] = [];
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
