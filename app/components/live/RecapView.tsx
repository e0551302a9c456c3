import { control } from "~/components/buttons";
import { Download } from "~/components/icons";
import { formatDay } from "~/shared/format";
import { ANSWER_MODE_LABELS, type LiveAnswer, livePaths, type RoundRecap, spacedCode } from "~/shared/live";
import { pulseResults, resultsOf } from "~/shared/live-view";
import { RoundResults } from "./RoundResults";

type RecapQuestion = RoundRecap["questions"][number];

/** The recap's answers in the shape the result views read; they are all visible answers. */
function asAnswers(question: RecapQuestion): LiveAnswer[] {
  return question.answers.map((answer, index) => ({
    id: `${question.position}-${index}`,
    position: question.position,
    kind: "answer",
    text: answer.text,
    choice: answer.choice,
    name: answer.name,
    hidden: false,
    ...(answer.question ? { question: answer.question } : {}),
  }));
}

/** The question's counts; the pulse's only from three answers (its recap lists none below). */
function recapResults(question: RecapQuestion) {
  const counted = resultsOf(question, asAnswers(question));
  return question.pulse ? pulseResults({ ...counted, answered: question.answeredCount }) : counted;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A round afterwards, read-only: each question with what was answered, as
 * the round allowed (an anonymous round stays anonymous), and passes only
 * counted.
 */
export function RecapView({ recap, token }: { recap: RoundRecap; token: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Live round recap</p>
      <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        {plural(recap.questions.length, "question", "questions")}, {plural(recap.participantCount, "person", "people")}
      </h1>
      <p className="mt-3 text-ink-muted">
        Round {spacedCode(recap.code)} on {formatDay(recap.createdAt)}
        {recap.status === "open" ? ", still open" : ""}.{" "}
        {recap.anonymous ? "Answers were anonymous." : "Answers carry the names people gave."} Passes are counted, not
        listed; answers the host hid are left out.
      </p>

      <ol className="mt-10 space-y-10">
        {recap.questions.map((question) => (
          <li key={question.position} className="rounded-3xl border border-line bg-white p-5 sm:p-7">
            <p className="text-sm text-ink-muted">
              Question {question.position + 1} · {ANSWER_MODE_LABELS[question.mode]}
            </p>
            <h2 className="mt-1 font-serif text-2xl leading-snug text-ink">{question.text}</h2>
            <p className="mt-2 text-sm text-ink-muted">
              {plural(question.answeredCount, "answer", "answers")} · {question.passedCount} passed
            </p>
            <div className="mt-5">
              <RoundResults question={question} results={recapResults(question)} answers={asAnswers(question)} />
            </div>
          </li>
        ))}
      </ol>

      <section aria-labelledby="recap-export" className="mt-10">
        <h2 id="recap-export" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
          Download
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          <li>
            <a href={livePaths.recapExport(token, "csv")} className={control} download>
              <Download className="h-4 w-4" aria-hidden="true" /> CSV
            </a>
          </li>
          <li>
            <a href={livePaths.recapExport(token, "markdown")} className={control} download>
              <Download className="h-4 w-4" aria-hidden="true" /> Markdown
            </a>
          </li>
        </ul>
      </section>
    </article>
  );
}
