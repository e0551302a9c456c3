import type { ReactNode } from "react";

/** Readable prose for text pages and rendered Markdown: headings, lists, quotes and links. */
export const PROSE =
  "space-y-5 leading-relaxed text-ink [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_h2]:mt-10 [&_h2]:scroll-mt-20 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-8 [&_h3]:scroll-mt-20 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2 [&_blockquote]:rounded-r-lg [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:bg-brand-50 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:font-serif [&_blockquote]:text-lg [&_strong]:font-semibold [&_table]:w-full [&_td]:border-t [&_td]:border-line [&_td]:py-2 [&_td]:pr-4 [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left";

/** The frame of a text page: a title, an optional lead paragraph, readable prose. */
export function ContentPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg leading-relaxed text-ink-muted">{lead}</p>}
      <div className={`mt-8 ${PROSE}`}>{children}</div>
    </article>
  );
}
