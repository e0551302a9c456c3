import { useNavigation } from "react-router";

/** Pages load lazily; while the next one is on its way a thin bar and a 'Loading...' label say so. */
export function NavigationProgress() {
  const loading = useNavigation().state === "loading";
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1">
      {loading && (
        <>
          <div className="h-full w-full origin-left animate-pulse bg-accent-400" />
          <span className="sr-only">Loading...</span>
        </>
      )}
    </div>
  );
}
