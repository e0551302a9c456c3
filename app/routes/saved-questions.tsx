import { Bookmark } from "lucide-react";
import { Link } from "react-router";
import { seo } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/saved-questions";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { name: user.name };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Saved questions",
    description: "The questions you saved for your meetings.",
    path: "/saved-questions",
    noindex: true,
  });

export default function SavedQuestions() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">Saved questions</h1>
      <div className="mt-8 rounded-3xl border border-dashed border-line bg-white p-8 text-center">
        <Bookmark className="mx-auto h-8 w-8 text-brand-700" aria-hidden="true" />
        <p className="mt-3 font-semibold text-ink">Nothing saved yet</p>
        <p className="mt-1 text-ink-muted">
          Questions you save from the generator and the lists will wait for you here.
        </p>
        <Link
          to="/"
          className="mt-5 inline-flex rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Find a question
        </Link>
      </div>
    </div>
  );
}
