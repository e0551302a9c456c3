import { Link } from "react-router";
import { GeneratorHero } from "~/components/generator/GeneratorHero";
import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import { ArrowRight } from "~/components/icons";
import { useFeatures } from "~/lib/use-features";
import type { Viewer } from "~/shared/navigation";
import type { RemainingQuestions, ServedQuestion } from "~/shared/questions";

/** The home page's first screen: the promise as a short title, the generator, then its links. */
export function HomeHero({
  initialQuestion,
  remainingQuestions,
  viewer,
}: {
  initialQuestion: ServedQuestion;
  remainingQuestions: RemainingQuestions;
  viewer: Viewer;
}) {
  // The promise names AI only where an AI writes questions; otherwise it names the job.
  const { ai } = useFeatures();
  return (
    <GeneratorHero
      title={
        <span className="lg:text-5xl">
          {ai ? "AI-Powered Questions for Every Team Meeting" : "Open Every Team Meeting with the Right Question"}
        </span>
      }
      generator={
        <QuestionGenerator
          initialQuestion={initialQuestion}
          remainingQuestions={remainingQuestions}
          viewer={viewer}
          chooseCategory
        />
      }
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-600">For people who run meetings</p>
      <p className="mt-3 max-w-xl text-lg leading-relaxed text-ink-muted">
        The right check-in, energizer or check-out question for the moment, so every voice is heard early and your team
        feels safe to speak up. Free, no sign-up needed.
      </p>
      {/* Only links that lead somewhere new: the generator's choices are already in view. */}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to="/how-to"
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line-strong bg-white px-6 py-3 font-semibold text-ink hover:bg-brand-50"
        >
          How it works <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </GeneratorHero>
  );
}
