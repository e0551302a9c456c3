const STATUS: Record<string, { label: string; className: string }> = {
  pending: { label: "Waiting for review", className: "bg-sand text-ink" },
  published: { label: "Published", className: "bg-brand-50 text-brand-800" },
  rejected: { label: "Not published", className: "bg-accent-100 text-ink" },
};

/** Where a submitted question stands in review; a status added later shows under its own name. */
export function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, className: "bg-sand text-ink" };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s.className}`}>{s.label}</span>;
}
