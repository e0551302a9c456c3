import { Link } from "react-router";
import { ArrowRight } from "~/components/icons";
import type { Category } from "~/shared/categories";
import { formatCount } from "~/shared/format";

/**
 * Every meeting category, each with its live question count; seven cards fill
 * two rows of four, or pairs on a tablet. On a phone each is one compact row
 * (name, when it fits, count): the page stays short, the category page says more.
 */
export function CategoryGrid({ categories }: { categories: (Category & { questionCount: number })[] }) {
  return (
    <section
      id="categories"
      aria-labelledby="categories-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-10 sm:px-6 sm:py-16"
    >
      <h2 id="categories-title" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
        Questions for every kind of meeting
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted sm:mt-3">
        Each category is written for the meeting it names, with its own rhythm and depth.
      </p>
      <ul className="mt-6 grid gap-3 sm:mt-8 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {categories.map((category) => (
          <li key={category.slug} className="sm:last:col-span-2 lg:last:col-span-1">
            <Link
              to={`/${category.slug}`}
              className="group flex h-full flex-col rounded-2xl border border-line bg-white px-4 py-3 transition-shadow hover:shadow-lg hover:shadow-brand-900/5 sm:p-6"
            >
              <span className="hidden self-start rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 sm:inline">
                {category.highlight}
              </span>
              <h3 className="text-lg font-semibold text-ink group-hover:text-brand-800 sm:mt-3">{category.name}</h3>
              <p className="mt-2 hidden flex-1 text-sm leading-relaxed text-ink-muted sm:block">
                {category.description}
              </p>
              <span className="flex items-center justify-between gap-2 text-sm sm:mt-4">
                <span className="text-ink-muted">
                  <span className="sm:hidden">{category.highlight} · </span>
                  {formatCount(category.questionCount)} questions
                </span>
                <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
                  <span className="sr-only sm:not-sr-only">Explore</span>{" "}
                  <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
