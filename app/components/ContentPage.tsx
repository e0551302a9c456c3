import type { ReactNode } from "react";

/** The frame of a text page: a title, an optional lead paragraph, readable prose. */
export function ContentPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg leading-relaxed text-ink-muted">{lead}</p>}
      <div className="mt-8 space-y-5 leading-relaxed text-ink [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_h2]:mt-10 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2">
        {children}
      </div>
    </article>
  );
}
