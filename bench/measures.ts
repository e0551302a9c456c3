import fs from "node:fs";

/** A process's resident memory in MB, from Linux's /proc. */
export function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** How many times each item occurs, as "a x2, b x1" ("none" for no items). */
export function countBy(items: string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([item, count]) => `${item} x${count}`).join(", ") || "none";
}

/** A network failure with what undici found underneath ("fetch failed" alone says nothing). */
export function failureOf(error: unknown): string {
  const { message, cause } = error as Error & { cause?: { code?: string; message?: string } };
  return cause ? `${message}: ${cause.code ?? cause.message}` : message;
}
