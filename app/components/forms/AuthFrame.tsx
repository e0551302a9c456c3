import type { ReactNode } from "react";

/** The two-column frame of the sign-in and sign-up pages: the form, and why it is worth it. */
export function AuthFrame({
  title,
  lead,
  children,
  aside,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div
      className={`mx-auto grid gap-10 px-4 py-10 sm:px-6 sm:py-16 ${aside ? "max-w-5xl lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]" : "max-w-2xl"}`}
    >
      <section aria-labelledby="auth-title" className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="font-serif text-3xl font-semibold tracking-tight text-ink">
          {title}
        </h1>
        {lead && <div className="mt-2 text-ink-muted">{lead}</div>}
        <div className="mt-6">{children}</div>
      </section>
      {aside && <aside className="space-y-6">{aside}</aside>}
    </div>
  );
}
