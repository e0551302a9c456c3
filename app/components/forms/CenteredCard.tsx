import type { ReactNode } from "react";

/** A single narrow card for one-step pages: verify e-mail, reset password, two-factor code. */
export function CenteredCard({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-20">
      <section className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8">
        {icon}
        <h1 className={`${icon ? "mt-4 " : ""}font-serif text-3xl font-semibold tracking-tight text-ink`}>{title}</h1>
        <div className="mt-3">{children}</div>
      </section>
    </div>
  );
}
