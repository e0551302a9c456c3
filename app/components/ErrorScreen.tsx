import { AlertTriangle } from "~/components/icons";

/** The application-level error screen: a message and a reload button, never a stack trace. */
export function ErrorScreen({ message }: { message?: string }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-cream px-4">
      <div className="max-w-md rounded-2xl border border-line bg-white p-8 text-center shadow-sm">
        <AlertTriangle className="mx-auto h-10 w-10 text-accent-600" aria-hidden="true" />
        <h1 className="mt-4 font-serif text-2xl font-semibold tracking-tight text-ink">Something went wrong</h1>
        <p className="mt-2 text-ink-muted">{message || "Unknown error"}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Reload Application
        </button>
      </div>
    </main>
  );
}
