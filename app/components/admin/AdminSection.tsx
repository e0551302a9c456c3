import type { ReactNode } from "react";

/** One card of the admin console, named by its heading (`${id}-title`). */
export function AdminSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
