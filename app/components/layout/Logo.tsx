/** The product mark: overlapping circles, people gathered around one question. */
export function Logo({ appName }: { appName: string }) {
  return (
    <span className="flex items-center gap-2 font-semibold text-lg tracking-tight text-ink">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <circle cx="16" cy="16" r="14" fill="var(--color-brand-700)" />
        <circle cx="16" cy="16" r="8" fill="none" stroke="var(--color-cream)" strokeWidth="2.5" />
        <circle cx="16" cy="8" r="3" fill="var(--color-accent-400)" />
      </svg>
      {appName}
    </span>
  );
}
