/** Said quietly once on every screen that shows questions: answering is an invitation, and passing needs no reason. */
export const PASS_NOTE = "Answering is an invitation: anyone can pass.";

export function PassNote({ className = "text-ink-muted" }: { className?: string }) {
  return <p className={`text-xs ${className}`}>{PASS_NOTE}</p>;
}
