import { History } from "~/components/icons";
import { NewerOlderPager } from "~/components/NewerOlderPager";
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
          {history.pageCount > 1 && (
            <NewerOlderPager
              page={history.page}
              pageCount={history.pageCount}
              hrefFor={(page) => `?history=${page}#history-title`}
              label="History pages"
              keepScroll
            />
          )}
        </>
      )}
    </Section>
  );
}
