import { Link } from "react-router";
import { listArticles } from "~/domain/content/articles.server";
import { breadcrumbs, seo, siteFrom } from "~/lib/seo";
import { formatDay } from "~/shared/format";
import type { Route } from "./+types/articles";

export function loader() {
  return { articles: listArticles() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Articles",
    description:
      "Practical guides for people who run team meetings: communication, remote teams, retrospectives and psychological safety.",
    path: "/articles",
    structuredData: [breadcrumbs(siteFrom(matches), [["Articles", "/articles"]])],
  });

export default function Articles({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Articles</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">
        Practical guides for running meetings where people feel safe to speak: written by facilitators, for
        facilitators.
      </p>
      <ul className="mt-10 space-y-6">
        {loaderData.articles.map((article) => (
          <li key={article.slug} className="rounded-2xl border border-line bg-white p-6 shadow-sm">
            <h2 className="font-serif text-xl font-semibold text-ink">
              <Link to={`/articles/${article.slug}`} className="hover:text-brand-800 hover:underline">
                {article.title}
              </Link>
            </h2>
            <p className="mt-2 leading-relaxed text-ink-muted">{article.description}</p>
            <p className="mt-3 text-sm text-ink-muted">
              <time dateTime={article.published}>{formatDay(article.published)}</time> · {article.readingMinutes} min
              read
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
