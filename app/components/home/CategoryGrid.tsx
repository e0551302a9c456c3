import { Link } from "react-router";
import { ArrowRight } from "~/components/icons";
import type { Category } from "~/shared/categories";
import { formatCount } from "~/shared/format";

/** Every meeting category, each with its live question count; seven cards fill two rows of four, or pairs on a tablet. */
export function CategoryGrid({ categories }: { categories: (Category & { questionCount: number })[] }) {
  return (
    <section
      id="categories"
      aria-labelledby="categories-title"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6"
    >
      <h2 id="categories-title" className="font-serif text-3xl font-semibold text-ink">
        Questions for every kind of meeting
      </h2>
      <p className="mt-3 max-w-2xl text-ink-muted">
        Each category is written for the meeting it names, with its own rhythm and depth.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {categories.map((category) => (
          <li key={category.slug} className="sm:last:col-span-2 lg:last:col-span-1">
            <Link
              to={`/${category.slug}`}
              className="group flex h-full flex-col rounded-2xl border border-line bg-white p-6 transition-shadow hover:shadow-lg hover:shadow-brand-900/5"
            >
              <span className="self-start rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                {category.highlight}
              </span>
              <h3 className="mt-3 text-lg font-semibold text-ink group-hover:text-brand-800">{category.name}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-ink-muted">{category.description}</p>
              <span className="mt-4 flex items-center justify-between gap-2 text-sm">
                <span className="text-ink-muted">{formatCount(category.questionCount)} questions</span>
                <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
                  Explore{" "}
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
