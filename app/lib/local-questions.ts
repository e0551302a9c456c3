import { FALLBACK_QUESTIONS } from "~/shared/fallback-questions";
import type { ServedQuestion } from "~/shared/questions";
import { readStorage, writeStorage } from "./safe-storage";

/** Recent questions and seen ids, kept in the browser: an anonymous visitor's history never reaches the server. */
const RECENT_KEY = "circleup.recentQuestions";
const SEEN_KEY = "circleup.seenIds";
export const RECENT_LIMIT = 10;
export const SEEN_LIMIT = 20;

function read<T>(key: string): T[] {
  try {
    const value = JSON.parse(readStorage("local", key) ?? "[]");
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Storage can be full or blocked; the generator works without it. */
function write(key: string, value: unknown[]): void {
  writeStorage("local", key, JSON.stringify(value));
}

const isQuestion = (q: unknown): q is ServedQuestion =>
  typeof q === "object" &&
  q !== null &&
  typeof (q as ServedQuestion).id === "string" &&
  typeof (q as ServedQuestion).question === "string";

/** Recent questions, newest first; the built-in five when there are none yet. */
export function recentQuestions(): ServedQuestion[] {
  const recent = read<unknown>(RECENT_KEY).filter(isQuestion);
  return recent.length ? recent : [...FALLBACK_QUESTIONS];
}

/** Questions this browser was really served (not the built-in fallbacks). */
export function servedRecently(): ServedQuestion[] {
  return read<unknown>(RECENT_KEY)
    .filter(isQuestion)
    .filter((q) => !q.id.startsWith("fallback-"));
}

/** Ids shown recently, oldest first, as the generator API expects them. */
export function seenIds(): string[] {
  return read<unknown>(SEEN_KEY).filter((id): id is string => typeof id === "string");
}

export function rememberQuestion(question: ServedQuestion): void {
  const recent = [question, ...servedRecently().filter((q) => q.id !== question.id)].slice(0, RECENT_LIMIT);
  write(RECENT_KEY, recent);
  const seen = [...seenIds().filter((id) => id !== question.id), question.id].slice(-SEEN_LIMIT);
  write(SEEN_KEY, seen);
}

/** Drops a question from the recent list, so a reload never shows it again (a member hid it). */
export function forgetQuestion(id: string): void {
  write(
    RECENT_KEY,
    servedRecently().filter((q) => q.id !== id),
  );
}

/** Keeps only these of the seen ids (a choice was started afresh: the server said which to keep). */
export function keepSeenIds(ids: readonly string[]): void {
  const kept = new Set(ids);
  write(
    SEEN_KEY,
    seenIds().filter((id) => kept.has(id)),
  );
}
