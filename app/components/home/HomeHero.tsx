import { Link } from "react-router";
import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import { ArrowRight } from "~/components/icons";
import type { Viewer } from "~/shared/navigation";
import type { RemainingQuestions, ServedQuestion } from "~/shared/questions";

/** The home page's promise, beside the generator so the first question is one click away. */
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
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-[0.9fr_1.1fr]">
        <div className="lg:pt-10">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-600">For people who run meetings</p>
          <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight tracking-tight text-ink sm:text-5xl">
            AI-Powered Questions for Every Team Meeting
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-muted">
            The right check-in, energizer or check-out question for the moment, so every voice is heard early and your
            team feels safe to speak up. Free, no sign-up needed.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href="#generator"
              className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              Try Advanced Generator <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
            <Link
              to="/how-to"
              className="rounded-full border border-line bg-white px-6 py-3 font-semibold text-ink hover:bg-brand-50"
            >
              How it works
            </Link>
          </div>
        </div>
        <section id="generator" aria-label="Question generator" className="scroll-mt-20">
          <QuestionGenerator
            initialQuestion={initialQuestion}
            remainingQuestions={remainingQuestions}
            viewer={viewer}
          />
        </section>
      </div>
    </section>
  );
}
