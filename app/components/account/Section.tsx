import type { ReactNode } from "react";

/** The colour and size every section's heading icon shares. */
export const sectionIconClass = "h-5 w-5 text-brand-700";

/** One card of the profile page, named by its heading (`${id}-title`) so it is a landmark region. */
export function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-line bg-white p-6 sm:p-8">
      <h2 id={`${id}-title`} className="flex items-center gap-2.5 font-serif text-xl font-semibold text-ink">
        {icon}
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
