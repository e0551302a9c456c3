import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import type { Category } from "~/shared/categories";
import type { Viewer } from "~/shared/navigation";
import type { RemainingQuestions, ServedQuestion } from "~/shared/questions";

/** A category page's heading and guide introduction, beside the generator preset to the category. */
export function CategoryHero({
  category,
  intro,
  initialQuestion,
  remainingQuestions,
  viewer,
}: {
  category: Category;
  intro: string[];
  initialQuestion: ServedQuestion;
  remainingQuestions: RemainingQuestions;
  viewer: Viewer;
}) {
  return (
    <section className="border-b border-line bg-gradient-to-b from-brand-50 to-cream">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:py-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Meeting questions</p>
          <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight text-ink">{category.name}</h1>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">{category.description}</p>
          {intro.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-ink">
              {paragraph}
            </p>
          ))}
        </div>
        <section id="generator" aria-label="Question generator" className="scroll-mt-20">
          <QuestionGenerator
            initialQuestion={initialQuestion}
            remainingQuestions={remainingQuestions}
            categorySlug={category.slug}
            viewer={viewer}
          />
        </section>
      </div>
    </section>
  );
}
