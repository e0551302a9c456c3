import { Link } from "react-router";
import { control } from "~/components/buttons";
import { Check, Copy, MonitorSmartphone, Presentation } from "~/components/icons";
import { prefetchStartRound, useStartRound } from "~/components/live/use-start-round";
import { usePresenter } from "~/components/present/use-presenter";
import { PassNote } from "~/components/questions/PassNote";
import { PlanItem } from "~/components/questions/PlanItem";
import { findPlan } from "~/domain/plans/plans.server";
import { seo } from "~/lib/seo";
import { useCopy } from "~/lib/use-copy";
import { database } from "~/services.server";
import { isUuid } from "~/shared/ids";
import { stripSurroundingQuotes } from "~/shared/questions";
import { notFoundPage } from "~/web/http.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/p.$id";

export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw notFoundPage();
  const { db } = await database();
  const plan = await findPlan(db, params.id.toLowerCase(), (await getUser(request))?.id ?? null);
  if (!plan) throw notFoundPage();
  return { plan };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  if (!data) return seo(matches, { title: "Meeting plan", description: "A meeting plan.", path: "/plan" });
  const { plan } = data;
  const first = plan.questions[0];
  return seo(matches, {
    title: plan.title,
    description: `A meeting plan of ${plan.questions.length} questions${first ? `, opening with “${stripSurroundingQuotes(first.question)}”` : ""}. Open it, present it, or make your own.`,
    path: `/p/${plan.id}`,
    // Shared plans are for the people who get the link, not for search results.
    noindex: true,
    image: first ? { path: `/q/${first.id}/image.png`, alt: stripSurroundingQuotes(first.question) } : undefined,
  });
};

const FORMATS = [
  ["csv", "CSV"],
  ["json", "JSON"],
  ["markdown", "Markdown"],
  ["text", "Plain text"],
] as const;

export default function PlanView({ loaderData }: Route.ComponentProps) {
  const { plan } = loaderData;
  const { present, presenter } = usePresenter();
  const { startRound, startDialog } = useStartRound();
  const { copied, copy } = useCopy();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Meeting plan</p>
      <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{plan.title}</h1>
      <div className="mt-6 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => present(plan.questions, 0)}
          disabled={plan.questions.length === 0}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Presentation className="h-4 w-4" aria-hidden="true" /> Present this plan
        </button>
        <button
          type="button"
          className={control}
          onClick={() => startRound(plan.questions)}
          onPointerEnter={prefetchStartRound}
          onFocus={prefetchStartRound}
          disabled={plan.questions.length === 0}
        >
          <MonitorSmartphone className="h-4 w-4" aria-hidden="true" /> Start a live round
        </button>
        <button type="button" className={control} onClick={() => copy(window.location.href)}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          <span aria-live="polite">{copied ? "Copied" : "Copy link"}</span>
        </button>
      </div>
      {presenter}
      {startDialog}

      <ol className="mt-8 space-y-4" aria-label="Questions in order">
        {plan.questions.map((question, index) => (
          <PlanItem key={question.id} position={index + 1} question={question} />
        ))}
      </ol>
      <PassNote className="mt-3 text-ink-muted" />

      <section aria-labelledby="export-title" className="mt-10">
        <h2 id="export-title" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
          Download
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {FORMATS.map(([format, label]) => (
            <li key={format}>
              <a href={`/p/${plan.id}/export?format=${format}`} className={control} download>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-10 text-ink-muted">
        <Link to="/plan" className="font-semibold text-brand-800 underline">
          Plan your own meeting
        </Link>
      </p>
    </div>
  );
}
