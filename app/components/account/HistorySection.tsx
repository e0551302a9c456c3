import { Link } from "react-router";
import { History } from "~/components/icons";
import { formatDayTime } from "~/shared/format";
import { Section, sectionIconClass } from "./Section";

type HistoryPage = {
  items: { questionId: string; text: string; servedAt: Date | string }[];
  page: number;
  pageCount: number;
  total: number;
};

export function HistorySection({ history }: { history: HistoryPage }) {
  return (
    <Section
      id="history"
      title="Your generation history"
      icon={<History className={sectionIconClass} aria-hidden="true" />}
    >
      {history.total === 0 ? (
        <p className="text-ink-muted">
          Questions the generator gives you while signed in are listed here, newest first.
        </p>
      ) : (
        <>
          <ol className="divide-y divide-line">
            {history.items.map((h) => (
              <li key={h.questionId} className="flex flex-wrap justify-between gap-2 py-3">
                <span className="text-ink">{h.text}</span>
                <span className="text-sm text-ink-muted">{formatDayTime(h.servedAt)} UTC</span>
              </li>
            ))}
          </ol>
          {history.pageCount > 1 && <HistoryPager page={history.page} pageCount={history.pageCount} />}
        </>
      )}
    </Section>
  );
}

/** The hash and preventScrollReset keep the reader at this section instead of the page's top. */
function HistoryPager({ page, pageCount }: { page: number; pageCount: number }) {
  return (
    <nav aria-label="History pages" className="flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link
          to={`?history=${page - 1}#history-title`}
          preventScrollReset
          className="font-semibold text-brand-800 underline"
        >
          Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-ink-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link
          to={`?history=${page + 1}#history-title`}
          preventScrollReset
          className="font-semibold text-brand-800 underline"
        >
          Older
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
