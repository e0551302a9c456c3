import { useId, useState } from "react";
import { Link } from "react-router";
import { primaryButton } from "~/components/buttons";
import { ChoiceRow, type GeneratorSettings } from "~/components/generator/ChoiceRow";
import { usePresenter } from "~/components/present/use-presenter";
import { PassNote } from "~/components/questions/PassNote";
import { QuestionCard } from "~/components/questions/QuestionCard";
import { askCandidates, askFollowUp, askRewrite, type DirectedAnswer } from "~/lib/directed-ai-client";
import { findCategory } from "~/shared/categories";
import { DIRECTED_AI_IS_PREMIUM, DIRECTED_CONTEXT_MAX, DIRECTED_TONES, type DirectedTone } from "~/shared/directed-ai";
import type { Viewer } from "~/shared/navigation";
import type { ServedQuestion } from "~/shared/questions";
import { DirectedActions } from "./DirectedActions";

type Props = {
  allowed: boolean;
  aiConfigured: boolean;
  /** Premium can be bought here: a free member is pointed to pricing, else asked to contact us. */
  premiumForSale: boolean;
  /** `curates`: the member may add questions to the team, so results become the team's own. */
  team: { id: string; name: string; curates: boolean } | null;
  source: ServedQuestion | null;
  viewer: Viewer;
};

/** A question on the studio's list, with where it came from ("More playful", "Follow-up"). */
type Item = { question: ServedQuestion; origin: string };

const toneLabel = (tone: DirectedTone) => DIRECTED_TONES.find((t) => t.value === tone)?.label ?? tone;

/** For a free member: what directing the AI adds, and where to get it: pricing where it is sold, else by asking us. */
function PremiumExplained({ team, forSale }: { team: Props["team"]; forSale: boolean }) {
  return (
    <section aria-labelledby="premium-heading" className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 id="premium-heading" className="font-serif text-xl font-semibold">
        Part of Premium
      </h2>
      <p className="mt-2 text-ink">{DIRECTED_AI_IS_PREMIUM}</p>
      {team && (
        <p className="mt-2 text-sm text-ink-muted">
          When the owner of {team.name} has Premium, everyone in the team can use it in the team's meetings.
        </p>
      )}
      {forSale ? (
        <Link to="/pricing" className={`${primaryButton} mt-4`}>
          See Premium
        </Link>
      ) : (
        <p className="mt-2 text-ink">
          It is not sold online here.{" "}
          <Link to="/contact" className="font-semibold text-brand-800 underline">
            Contact us
          </Link>{" "}
          to ask for it.
        </p>
      )}
    </section>
  );
}

/**
 * The studio: the member describes the team or meeting, gets three candidate
 * questions, and rewrites any question in a tone or asks for a follow-up.
 * Every question arrives stored (private, or the team's own) as a card.
 * The status line keeps its room, so answers arriving move nothing above them.
 */
export function Studio({ allowed, aiConfigured, premiumForSale, team, source, viewer }: Props) {
  const contextId = useId();
  const [context, setContext] = useState("");
  const [settings, setSettings] = useState<GeneratorSettings>({
    meetingContext: source?.meetingContext ?? "check-in",
    questionStyle: source?.questionStyle ?? "reflective",
    engagementLevel: source?.engagementLevel ?? "standard",
    categorySlug: findCategory(source?.categorySlug ?? "")?.slug ?? null,
    fresh: false,
  });
  const [items, setItems] = useState<Item[]>(source ? [{ question: source, origin: "Your starting question" }] : []);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; tone?: "error" }>({ text: "" });
  const teamId = team?.id;
  const { present, presenter } = usePresenter();

  async function run(waiting: string, ask: () => Promise<DirectedAnswer>, place: (found: ServedQuestion[]) => void) {
    setBusy(true);
    setStatus({ text: waiting });
    const answer = await ask();
    setBusy(false);
    if (!answer.ok) return setStatus({ text: answer.error, tone: "error" });
    place(answer.questions);
    setStatus({
      text: answer.notice
        ? answer.notice
        : team?.curates
          ? `Added to ${team.name}'s questions.`
          : answer.questions.length === 1
            ? "Done: it is kept as your private question."
            : "Here are three to choose from, kept as your private questions.",
    });
  }

  const insertAfter = (index: number, origin: string) => (found: ServedQuestion[]) =>
    setItems((list) => [
      ...list.slice(0, index + 1),
      ...found.map((question) => ({ question, origin })),
      ...list.slice(index + 1),
    ]);

  const shared = { context, ...(teamId ? { teamId } : {}) };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="font-serif text-2xl font-semibold sm:text-4xl">AI studio{team ? ` for ${team.name}` : ""}</h1>
      {!aiConfigured ? (
        // Nothing here can work without an AI: no controls, and no offer of Premium.
        <p className="mt-4 rounded-2xl border border-line bg-white p-4 text-ink sm:p-5">
          This site does not write questions with AI, so the studio has nothing to offer here. Every question in the
          library is yours to use:{" "}
          <Link to="/" className="font-semibold text-brand-800 underline">
            get a question
          </Link>
          .
        </p>
      ) : !allowed ? (
        <PremiumExplained team={team} forSale={premiumForSale} />
      ) : (
        <>
          <p className="mt-2 text-ink-muted">
            Tell the AI about your {team ? "team's meeting" : "team or meeting"}; every question it writes is checked
            against our content guide
            {team?.curates ? " and joins the team's own questions." : " and kept private to you."}
          </p>
          <form
            className="mt-4 space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void run(
                "Writing three questions…",
                () => askCandidates({ ...shared, ...settings }),
                (found) => setItems(found.map((question) => ({ question, origin: "Candidate" }))),
              );
            }}
          >
            <div>
              <label htmlFor={contextId} className="block text-sm font-medium text-ink">
                Your team or meeting <span className="text-ink-muted">(optional)</span>
              </label>
              <textarea
                id={contextId}
                name="context"
                value={context}
                maxLength={DIRECTED_CONTEXT_MAX}
                rows={3}
                onChange={(e) => setContext(e.target.value)}
                placeholder="A remote team of eight, just after a big release"
                className="mt-1 block w-full rounded-xl border border-line-strong bg-white p-3 text-base text-ink"
                aria-describedby={`${contextId}-count`}
              />
              <p id={`${contextId}-count`} className="mt-1 text-right text-xs text-ink-muted">
                {context.length} / {DIRECTED_CONTEXT_MAX}
              </p>
            </div>
            <ChoiceRow settings={settings} onChange={(change) => setSettings(change)} chooseCategory />
            <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={busy}>
              Get three questions
            </button>
          </form>
          <p
            role="status"
            data-studio-status
            className={`mt-3 min-h-10 text-sm ${status.tone === "error" ? "text-accent-600" : "text-ink-muted"}`}
          >
            {status.text}
          </p>
          {items.length > 0 && <PassNote />}
          <ol className="mt-3 space-y-4" aria-label="Questions">
            {items.map((item, index) => (
              <li key={item.question.id}>
                <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-ink-muted">{item.origin}</p>
                <QuestionCard
                  question={item.question}
                  viewer={viewer}
                  onPresent={() =>
                    present(
                      items.map((i) => i.question),
                      index,
                    )
                  }
                />
                <DirectedActions
                  busy={busy}
                  onRewrite={(tone) =>
                    void run(
                      "Rewriting…",
                      () => askRewrite({ ...shared, questionId: item.question.id, tone }),
                      insertAfter(index, toneLabel(tone)),
                    )
                  }
                  onFollowUp={() =>
                    void run(
                      "Writing a follow-up…",
                      () => askFollowUp({ ...shared, questionId: item.question.id }),
                      insertAfter(index, "Follow-up"),
                    )
                  }
                />
              </li>
            ))}
          </ol>
          {presenter}
        </>
      )}
    </div>
  );
}
