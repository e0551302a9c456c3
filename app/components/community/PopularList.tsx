import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ChevronLeft, ChevronRight, Plus } from "~/components/icons";
import { usePresenter } from "~/components/present/use-presenter";
import { PassNote } from "~/components/questions/PassNote";
import { QuestionCard, QuestionListSkeleton } from "~/components/questions/QuestionCard";
import { CATEGORIES } from "~/shared/categories";
import { EMPTY_LIST_TEXT, type ListQuery, type QuestionPage } from "~/shared/community";
import { formatCount } from "~/shared/format";
import type { Viewer } from "~/shared/navigation";

const SORTS: { value: ListQuery["sort"]; label: string }[] = [
  { value: "popular", label: "Popular" },
  { value: "newest", label: "Newest" },
  { value: "trending", label: "Trending" },
];

/** The list's state lives in the URL, so it is server-rendered, shareable and works without JavaScript. */
function href(query: ListQuery, change: Partial<ListQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.sort !== "popular") params.set("sort", next.sort);
  if (next.category !== "all") params.set("category", next.category);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `?${search}#questions`;
}

type Props = {
  page: QuestionPage;
  query: ListQuery;
  viewer: Viewer;
  /** Category pages fix the category and hide the filter. */
  fixedCategory?: boolean;
};

/** The community's question list: three sorts, a category filter (unless the page fixes one), 25 a page. */
export function PopularList({ page, query, viewer, fixedCategory }: Props) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.hash === "#questions";
  const [items, setItems] = useState(page.items);
  const { present, presenter } = usePresenter();
  useEffect(() => setItems(page.items), [page.items]);

  return (
    <section id="questions" aria-labelledby="questions-title" className="scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="questions-title" className="font-serif text-2xl font-semibold text-ink sm:text-3xl">
            Community questions
          </h2>
          <p className="mt-1 text-ink-muted">
            {formatCount(page.total)} questions. Vote for the ones that work in your meetings.
          </p>
          <PassNote className="mt-1 text-ink-muted" />
        </div>
        {query.category !== "all" && (
          <Link
            to={`/${query.category}#add-question`}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Question
          </Link>
        )}
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <nav aria-label="Sort questions" className="flex rounded-full border border-line-strong bg-white p-1">
          {SORTS.map((s) => (
            <Link
              key={s.value}
              to={href(query, { sort: s.value, page: 1 })}
              preventScrollReset
              aria-current={query.sort === s.value ? "true" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                query.sort === s.value ? "bg-brand-700 text-white" : "text-ink hover:bg-sand"
              }`}
            >
              {s.label}
            </Link>
          ))}
        </nav>
        {!fixedCategory && (
          <Form method="get" preventScrollReset className="flex items-center gap-2">
            {query.sort !== "popular" && <input type="hidden" name="sort" value={query.sort} />}
            <label htmlFor="category-filter" className="text-sm font-semibold text-ink">
              Category
            </label>
            <select
              id="category-filter"
              name="category"
              defaultValue={query.category}
              onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
              className="min-h-11 rounded-full border border-line-strong bg-white px-3 text-sm text-ink"
            >
              <option value="all">All categories</option>
              {CATEGORIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="min-h-11 rounded-full border border-line-strong bg-white px-3 text-sm">
                Show
              </button>
            </noscript>
          </Form>
        )}
      </div>

      <div className="mt-6">
        {loading ? (
          <QuestionListSkeleton count={3} />
        ) : items.length === 0 ? (
          <p className="rounded-3xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
            {EMPTY_LIST_TEXT}
          </p>
        ) : (
          <ul className="space-y-4">
            {items.map((q, index) => (
              <li key={q.id} className="render-when-visible">
                <QuestionCard
                  question={q}
                  viewer={viewer}
                  onPresent={() => present(items, index)}
                  onGone={(id) => setItems((list) => list.filter((item) => item.id !== id))}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {presenter}
      {page.pageCount > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          <PageLink to={href(query, { page: page.page - 1 })} disabled={page.page <= 1} label="Previous page">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </PageLink>
          <p className="text-sm text-ink-muted">
            Page {page.page} of {page.pageCount}
          </p>
          <PageLink to={href(query, { page: page.page + 1 })} disabled={page.page >= page.pageCount} label="Next page">
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </PageLink>
        </nav>
      )}
    </section>
  );
}

function PageLink({
  to,
  disabled,
  label,
  children,
}: {
  to: string;
  disabled: boolean;
  label: string;
  children: React.ReactNode;
}) {
  const className =
    "inline-flex min-h-11 items-center gap-1 rounded-full border border-line-strong bg-white px-4 text-sm font-semibold";
  if (disabled) {
    return (
      <span aria-hidden="true" className={`${className} border-dashed bg-transparent text-ink-muted`}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} preventScrollReset aria-label={label} className={`${className} text-ink hover:bg-sand`}>
      {children}
    </Link>
  );
}
