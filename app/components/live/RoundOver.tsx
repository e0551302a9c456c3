import { Link } from "react-router";
import { control, primaryButton } from "~/components/buttons";
import { Check, Copy, Download } from "~/components/icons";
import { useCopy } from "~/lib/use-copy";
import { livePaths, type RoundView, spacedCode } from "~/shared/live";
import { EndControls } from "./EndControls";

/** The host's screen once the round has ended: the recap, its share link, the exports, and deleting it all. */
export function RoundOver({
  view,
  siteUrl,
  onDelete,
}: {
  view: RoundView;
  siteUrl: string;
  onDelete: () => Promise<string | null>;
}) {
  const { copied, copy } = useCopy();
  const token = view.recapToken;
  const shareUrl = token ? `${siteUrl}${livePaths.recap(token)}` : null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          Live round {spacedCode(view.code)}
        </p>
        <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
          This round has ended
        </h1>
        <p className="mt-3 text-lg text-ink-muted">
          {view.participantCount} {view.participantCount === 1 ? "person" : "people"} took part in{" "}
          {view.questions.length} {view.questions.length === 1 ? "question" : "questions"}. Thank you for asking.
        </p>
      </div>
      {token && shareUrl && (
        <section aria-labelledby="recap-title" className="space-y-4 rounded-3xl border border-line bg-white p-5 sm:p-6">
          <h2 id="recap-title" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
            Recap
          </h2>
          <p className="text-ink">
            The questions and what was answered, {view.anonymous ? "without names" : "with names"}; passes are only
            counted. Anyone with the link can read it.{" "}
            {view.recapShared
              ? "You shared it: participants' phones link to it."
              : "Participants do not have the link unless you send it to them."}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={livePaths.recap(token)} className={primaryButton}>
              Open the recap
            </Link>
            <button type="button" className={control} onClick={() => copy(shareUrl)}>
              {copied ? (
                <Check className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Copy className="h-4 w-4" aria-hidden="true" />
              )}
              <span aria-live="polite">{copied ? "Copied" : "Copy share link"}</span>
            </button>
            <a href={livePaths.recapExport(token, "csv")} className={control} download>
              <Download className="h-4 w-4" aria-hidden="true" /> CSV
            </a>
            <a href={livePaths.recapExport(token, "markdown")} className={control} download>
              <Download className="h-4 w-4" aria-hidden="true" /> Markdown
            </a>
          </div>
          <p className="break-all font-mono text-sm text-ink-muted">{shareUrl}</p>
        </section>
      )}
      <p>
        <Link to="/" className="font-semibold text-brand-800 underline">
          Find questions for your next meeting
        </Link>
      </p>
      <EndControls onDelete={onDelete} />
    </div>
  );
}
