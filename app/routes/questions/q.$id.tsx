import { Link } from "react-router";
import { ArrowRight, MonitorSmartphone } from "~/components/icons";
import { prefetchStartRound, useStartRound } from "~/components/live/use-start-round";
import { usePresenter } from "~/components/present/use-presenter";
import { QuestionCard } from "~/components/questions/QuestionCard";
import { relatedQuestions, sharedQuestion } from "~/domain/sharing/shared-question.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { findCategory } from "~/shared/categories";
import { isUuid } from "~/shared/ids";
import { stripSurroundingQuotes } from "~/shared/questions";
import { notFoundPage } from "~/web/http.server";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/q.$id";

/** The kicker above the question names its type without an article, so no type ever needs "an". */
const TYPE_LABELS: Record<string, string> = {
  "check-in": "Check-in question",
  energizer: "Energizer question",
  "check-out": "Check-out question",
};
/** The same in a sentence, with the article each type takes. */
const TYPE_IN_A_SENTENCE: Record<string, string> = {
  "check-in": "A check-in question",
  energizer: "An energizer question",
  "check-out": "A check-out question",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw notFoundPage();
  const user = await getUser(request);
  const { db } = await database();
  const question = await sharedQuestion(db, params.id.toLowerCase(), user?.id ?? null);
  if (!question) throw notFoundPage();
  const related = await relatedQuestions(db, question, user?.id ?? null);
  // Arriving from a chat's "Start a round": the round is what they came for.
  const offerRound = new URL(request.url).searchParams.get("start") === "round" && question.privateTo !== "author";
  return { question, related, offerRound };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  if (!data) return seo(matches, { title: "Question", description: "A question for team meetings.", path: "/" });
  const text = stripSurroundingQuotes(data.question.question);
  const short = text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text;
  const path = `/q/${data.question.id}`;
  return seo(matches, {
    title: short,
    description: `${TYPE_IN_A_SENTENCE[data.question.type] ?? "A meeting question"} for your team: “${text}” Copy it, present it, or find another.`,
    path,
    image: { path: `${path}/image.png`, alt: text },
  });
};

export default function SharedQuestionPage({ loaderData }: Route.ComponentProps) {
  const { question, related, offerRound } = loaderData;
  const viewer = useViewer();
  const { present, presenter } = usePresenter();
  const { startRound, startDialog } = useStartRound();
  const all = [question, ...related];
  const category = question.categorySlug ? findCategory(question.categorySlug) : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {category ? `${category.name} · ` : ""}
        {TYPE_LABELS[question.type] ?? "Meeting question"}
      </p>
      <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        A question for your next meeting
      </h1>
      <div className="mt-8">
        <QuestionCard question={question} viewer={viewer} onPresent={() => present(all, 0)} />
      </div>
      {presenter}
      {startDialog}
      <div className="mt-6 flex flex-wrap gap-3">
        {offerRound && (
          <button
            type="button"
            onPointerEnter={prefetchStartRound}
            onFocus={prefetchStartRound}
            onClick={() => startRound([question])}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            <MonitorSmartphone className="h-4 w-4" aria-hidden="true" /> Start a live round
          </button>
        )}
        <Link
          to={category ? `/${category.slug}#generator` : "/#generator"}
          className={
            offerRound
              ? "inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-600 bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
              : "inline-flex items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          }
        >
          Generate another question <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-14">
          <h2 id="related-title" className="font-serif text-2xl font-semibold text-ink">
            Related questions
          </h2>
          <ul className="mt-6 space-y-4">
            {related.map((q, index) => (
              <li key={q.id}>
                <QuestionCard question={q} viewer={viewer} onPresent={() => present(all, index + 1)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
