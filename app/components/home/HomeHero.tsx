import { Link } from "react-router";
import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import { ArrowRight } from "~/components/icons";
import type { Viewer } from "~/shared/navigation";
import type { RemainingQuestions, ServedQuestion } from "~/shared/questions";

/**
 * The home page's first screen: a short title, then the question and
 * Generate. On a phone the promise and its links come after the generator;
 * on a wide screen they stand beside it.
 */
export function HomeHero({
  initialQuestion,
  remainingQuestions,
  viewer,
}: {
  initialQuestion: ServedQuestion;
  remainingQuestions: RemainingQuestions;
  viewer: Viewer;
}) {
  return (
    <section className="relative border-b border-line bg-gradient-to-b from-brand-50 to-cream">
      <div className="mx-auto grid max-w-6xl gap-x-12 gap-y-4 px-4 pb-10 pt-4 sm:px-6 sm:pt-8 lg:grid-cols-[0.9fr_1.1fr] lg:py-14">
        <h1 className="font-serif text-2xl font-semibold leading-tight tracking-tight text-ink sm:text-4xl lg:col-start-1 lg:row-start-1 lg:self-end lg:text-5xl">
          AI-Powered Questions for Every Team Meeting
        </h1>
        <section
          id="generator"
          aria-label="Question generator"
          className="scroll-mt-20 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <QuestionGenerator
            initialQuestion={initialQuestion}
            remainingQuestions={remainingQuestions}
            viewer={viewer}
            chooseCategory
          />
        </section>
        <div className="pt-4 lg:col-start-1 lg:row-start-2 lg:pt-0">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-600">For people who run meetings</p>
          <p className="mt-3 max-w-xl text-lg leading-relaxed text-ink-muted">
            The right check-in, energizer or check-out question for the moment, so every voice is heard early and your
            team feels safe to speak up. Free, no sign-up needed.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <a
              href="#generator-options"
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              Try Advanced Generator <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
            <Link
              to="/how-to"
              className="inline-flex min-h-11 items-center rounded-full border border-line-strong bg-white px-6 py-3 font-semibold text-ink hover:bg-brand-50"
            >
              How it works
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
