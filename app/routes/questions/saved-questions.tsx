import { Link, useFetcher } from "react-router";
import { Bookmark, BookmarkX, Check, Copy, Download, Printer } from "~/components/icons";
import { TypeBadge } from "~/components/questions/badges";
import { listSaved, type SavedQuestion } from "~/domain/community/saves.server";
import { unsaveQuestion } from "~/domain/questions/marks.server";
import { seo } from "~/lib/seo";
import { useCopy } from "~/lib/use-copy";
import { database } from "~/services.server";
import { questionIdParam } from "~/web/http.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/saved-questions";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await database();
  return { saved: await listSaved(db, user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const questionId = questionIdParam(String(form.get("questionId") ?? ""));
  const { db } = await database();
  await unsaveQuestion(db, user.id, questionId);
  return { unsaved: questionId };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Saved questions",
    description: "The questions you saved for your meetings.",
    path: "/saved-questions",
    noindex: true,
  });

const EXPORTS = [
  { format: "csv", label: "CSV" },
  { format: "markdown", label: "Markdown" },
  { format: "json", label: "JSON" },
  { format: "text", label: "Plain text" },
];

const button =
  "inline-flex min-h-10 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-semibold text-ink hover:bg-sand";

export default function SavedQuestions({ loaderData }: Route.ComponentProps) {
  const { saved } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Saved questions</h1>
      {saved.length === 0 ? (
        <div className="mt-8 rounded-3xl border border-dashed border-line bg-white p-8 text-center">
          <Bookmark className="mx-auto h-8 w-8 text-brand-700" aria-hidden="true" />
          <p className="mt-3 font-semibold text-ink">Nothing saved yet</p>
          <p className="mt-1 text-ink-muted">Save questions from the lists and they wait for you here.</p>
          <Link
            to="/"
            className="mt-5 inline-flex rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Find a question
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-ink-muted">
            {saved.length} {saved.length === 1 ? "question" : "questions"}, newest first.
          </p>
          <nav aria-label="Export" className="mt-6 flex flex-wrap gap-2">
            {EXPORTS.map((e) => (
              <a key={e.format} href={`/api/v1/saved?format=${e.format}`} download className={button}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {e.label}
              </a>
            ))}
            <Link to="/saved-questions/print" className={button}>
              <Printer className="h-4 w-4" aria-hidden="true" />
              Print or PDF
            </Link>
          </nav>
          <ul className="mt-8 space-y-4">
            {saved.map((q) => (
              <SavedItem key={q.id} question={q} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function SavedItem({ question }: { question: SavedQuestion }) {
  const fetcher = useFetcher();
  const { copied, copy } = useCopy();
  // Gone from the list as soon as it is unsaved; back if the server said no.
  if (fetcher.state !== "idle" || fetcher.data?.unsaved === question.id) return null;
  return (
    <li className="rounded-3xl border border-line bg-white p-5">
      <TypeBadge type={question.type} />
      <p className="mt-3 font-serif text-lg leading-snug text-ink">“{question.question}”</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={button} onClick={() => copy(question.question)}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </button>
        <fetcher.Form method="post">
          <input type="hidden" name="questionId" value={question.id} />
          <button type="submit" className={button}>
            <BookmarkX className="h-4 w-4" aria-hidden="true" />
            Unsave
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
