import { useEffect } from "react";
import { config } from "~/config.server";
import { listSaved } from "~/domain/community/saves.server";
import { seo } from "~/lib/seo";
import { database } from "~/services.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/saved-questions.print";

export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await database();
  return { saved: await listSaved(db, user.id), appName: config().appName };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Saved questions (print)",
    description: "Your saved questions, ready to print or save as PDF.",
    path: "/saved-questions/print",
    noindex: true,
  });

const TYPES = [
  { type: "check-in", title: "Check-in" },
  { type: "energizer", title: "Energizers" },
  { type: "check-out", title: "Check-out" },
];

/** A plain page for paper or PDF: the browser's print dialog opens with it. */
export default function PrintSaved({ loaderData }: Route.ComponentProps) {
  const { saved, appName } = loaderData;
  useEffect(() => {
    window.print();
  }, []);
  return (
    <div className="mx-auto max-w-2xl px-6 py-10 print:p-0">
      <h1 className="font-serif text-3xl font-semibold text-ink">Saved questions</h1>
      <p className="mt-1 text-sm text-ink-muted">
        From {appName}, {new Date().toISOString().slice(0, 10)}
      </p>
      {TYPES.map(({ type, title }) => {
        const group = saved.filter((q) => q.type === type);
        if (group.length === 0) return null;
        return (
          <section key={type} className="mt-8 break-inside-avoid">
            <h2 className="font-serif text-xl font-semibold text-ink">{title}</h2>
            <ol className="mt-3 list-decimal space-y-3 pl-6">
              {group.map((q) => (
                <li key={q.id} className="text-lg leading-snug text-ink">
                  {q.question}
                </li>
              ))}
            </ol>
          </section>
        );
      })}
      <button
        type="button"
        onClick={() => window.print()}
        className="mt-10 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white print:hidden"
      >
        Print
      </button>
    </div>
  );
}
