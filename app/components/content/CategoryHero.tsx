import { GeneratorHero } from "~/components/generator/GeneratorHero";
import { QuestionGenerator } from "~/components/generator/QuestionGenerator";
import type { Category } from "~/shared/categories";
import type { Viewer } from "~/shared/navigation";
import type { RemainingQuestions, ServedQuestion } from "~/shared/questions";

/** A category page's first screen: its name, the generator preset to the category, then the guide's introduction. */
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
    <GeneratorHero
      title={
        <>
          {category.name} <span className="text-ink-muted">questions</span>
        </>
      }
      generator={
        <QuestionGenerator
          initialQuestion={initialQuestion}
          remainingQuestions={remainingQuestions}
          categorySlug={category.slug}
          viewer={viewer}
        />
      }
    >
      <p className="text-lg leading-relaxed text-ink-muted">{category.description}</p>
      {intro.map((paragraph) => (
        <p key={paragraph.slice(0, 40)} className="mt-4 leading-relaxed text-ink">
          {paragraph}
        </p>
      ))}
    </GeneratorHero>
  );
}
