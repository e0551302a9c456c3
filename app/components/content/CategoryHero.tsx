import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import type { Category } from "~/shared/categories";
import type { Viewer } from "~/shared/navigation";
import type { RemainingQuestions, ServedQuestion } from "~/shared/questions";

/**
 * A category page's first screen: its name, then the generator preset to the
 * category. The description and the guide's introduction follow it on a
 * phone and stand beside it on a wide screen.
 */
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
      <div className="mx-auto grid max-w-6xl gap-x-12 gap-y-4 px-4 pb-10 pt-4 sm:px-6 sm:pt-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:py-14">
        <h1 className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-4xl lg:col-start-1 lg:row-start-1 lg:self-end">
          {category.name} <span className="text-ink-muted">questions</span>
        </h1>
        <section
          id="generator"
          aria-label="Question generator"
          className="scroll-mt-20 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <QuestionGenerator
            initialQuestion={initialQuestion}
            remainingQuestions={remainingQuestions}
            categorySlug={category.slug}
            viewer={viewer}
          />
        </section>
        <div className="pt-4 lg:col-start-1 lg:row-start-2 lg:pt-0">
          <p className="text-lg leading-relaxed text-ink-muted">{category.description}</p>
          {intro.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-ink">
              {paragraph}
            </p>
          ))}
        </div>
      </div>
    </section>
  );
}
