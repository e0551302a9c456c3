import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AlertTriangle } from "~/components/icons";
import { NotFound } from "~/components/NotFound";
import { sendClientEvent, usePageName } from "~/lib/analytics-client";

/**
 * What a page that could not be shown says: its status's heading and one
 * sentence, never a stack trace. A refusal (4xx) leads home; a failure (5xx)
 * offers to load the page again. It sits inside the site's own <main>.
 */
export function ErrorScreen({ status, message }: { status?: number; message?: string }) {
  const refused = status !== undefined && status < 500;
  return (
    <div className="flex items-center justify-center px-4 py-16">
      <div className="max-w-md rounded-2xl border border-line bg-white p-8 text-center shadow-sm">
        <AlertTriangle className="mx-auto h-10 w-10 text-accent-600" aria-hidden="true" />
        <h1 className="mt-4 font-serif text-2xl font-semibold tracking-tight text-ink">
          {refused ? "This cannot be done here" : "Something went wrong"}
        </h1>
        <p className="mt-2 text-ink-muted">{message || "Unknown error"}</p>
        {refused ? (
          <Link
            to="/"
            className="mt-6 inline-block rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Go to the home page
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-6 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Reload the page
          </button>
        )}
      </div>
    </div>
  );
}

/** The error screen, reporting the error as a first-party analytics event when the visitor consented. */
function ReportedError({ status, message }: { status?: number; message: string | undefined }) {
  const page = usePageName();
  useEffect(() => {
    sendClientEvent({ name: "error", page, path: window.location.pathname, message: message ?? "Unknown error" });
  }, [page, message]);
  return <ErrorScreen status={status} message={message} />;
}

/**
 * A route's error boundary: what its loader or action threw (a `data()` with
 * a status and a sentence), shown inside the site's header and footer, so a
 * missing meeting or a refused change still leaves the way back. Areas
 * export it as their `ErrorBoundary`; the root renders it in the site's shell.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  // Production servers replace server error details with a generic message; stacks never reach the page.
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : undefined;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound reason={typeof error.data === "string" ? error.data : undefined} />;
  }
  return <ReportedError status={isRouteErrorResponse(error) ? error.status : undefined} message={message} />;
}
