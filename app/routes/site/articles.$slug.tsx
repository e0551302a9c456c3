import { Link } from "react-router";
import { PROSE } from "~/components/ContentPage";
import { findArticle } from "~/domain/content/articles.server";
import { absoluteUrl, breadcrumbs, seo, siteFrom } from "~/lib/seo";
import { formatDay } from "~/shared/format";
import { notFoundPage } from "~/web/http.server";
import type { Route } from "./+types/articles.$slug";

export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.slug);
  if (!article) throw notFoundPage();
  return { article };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const site = siteFrom(matches);
  if (!data) return seo(matches, { title: "Article", description: "Articles for meeting hosts.", path: "/articles" });
  const { article } = data;
  const path = `/articles/${article.slug}`;
  return seo(matches, {
    title: article.title,
    description: article.description,
    path,
    type: "article",
    structuredData: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.description,
        datePublished: article.published,
        dateModified: article.updated,
        mainEntityOfPage: absoluteUrl(site, path),
        url: absoluteUrl(site, path),
        image: absoluteUrl(site, "/og-image.png"),
        author: { "@type": "Organization", name: site.appName, url: absoluteUrl(site, "/about") },
        publisher: { "@type": "Organization", name: site.appName, url: absoluteUrl(site, "/") },
      },
      breadcrumbs(site, [
        ["Articles", "/articles"],
        [article.title, path],
      ]),
    ],
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="underline hover:text-brand-800">
              Home
            </Link>{" "}
            /
          </li>
          <li>
            <Link to="/articles" className="underline hover:text-brand-800">
              Articles
            </Link>
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">{article.title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">{article.description}</p>
      <p className="mt-4 text-sm text-ink-muted">
        <time dateTime={article.published}>{formatDay(article.published)}</time> · {article.readingMinutes} min read
      </p>
      {article.headings.length > 2 && (
        <nav aria-label="Contents" className="mt-8 rounded-2xl border border-line bg-white p-5">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">Contents</h2>
          <ol className="mt-3 space-y-1.5">
            {article.headings
              .filter((h) => h.level === 2)
              .map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`} className="text-brand-800 underline-offset-2 hover:underline">
                    {heading.text}
                  </a>
                </li>
              ))}
          </ol>
        </nav>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own reviewed Markdown from content/articles, rendered on the server; never user input. */}
      <div className={`mt-10 ${PROSE}`} dangerouslySetInnerHTML={{ __html: article.html }} />
      <aside aria-labelledby="related-heading" className="mt-16 border-t border-line pt-10">
        <h2 id="related-heading" className="font-serif text-2xl font-semibold text-ink">
          Related articles
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {article.related.map((related) => (
            <li key={related.slug} className="rounded-2xl border border-line bg-white p-5">
              <Link
                to={`/articles/${related.slug}`}
                className="font-semibold text-ink hover:text-brand-800 hover:underline"
              >
                {related.title}
              </Link>
              <p className="mt-2 text-sm text-ink-muted">{related.readingMinutes} min read</p>
            </li>
          ))}
        </ul>
      </aside>
    </article>
  );
}
