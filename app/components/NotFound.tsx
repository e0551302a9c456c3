import { Link } from "react-router";

/** The 404 page's body; `reason` says what is missing when the page knows (a meeting, a team). */
export function NotFound({ reason }: { reason?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-accent-600">404</p>
      <h1 className="mt-3 font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        This page could not be found
      </h1>
      <p className="mt-4 text-ink-muted">
        {reason ? `${reason}. ` : ""}The link may be old, or the page has moved. The question generator and every
        category are a click away.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link
          to="/how-to"
          className="rounded-full border border-line bg-white px-5 py-2.5 font-semibold text-ink hover:bg-brand-50"
        >
          How to use
        </Link>
      </div>
    </div>
  );
}
