import type { CategorySlug } from "./categories";

/**
 * Words that name a kind of meeting, and the category that meeting is. A
 * question that names one ("this retro", "our next one-on-one", "this week's
 * sync") only makes sense in that meeting, so it is filed there alone and
 * never served for another one. "Sync" counts only as a noun after a
 * determiner, so "in sync" and "sync with someone" stay general.
 */
const MEETING_KINDS: readonly { category: CategorySlug; pattern: RegExp }[] = [
  { category: "retrospectives", pattern: /\bretros?\b|\bretrospectives?\b/i },
  { category: "one-on-ones", pattern: /\bone-on-ones?\b|\bone on ones?\b|\b1:1s?\b|\b1-on-1s?\b/i },
  { category: "daily-standup", pattern: /\bstand-?ups?\b/i },
  {
    category: "daily-standup",
    pattern:
      /\b(?:this|our|the|today's|tomorrow's|this week's|next week's|last week's|weekly|next|last)\s+(?:weekly\s+)?syncs?\b/i,
  },
  { category: "all-hands", pattern: /\ball-hands\b|\btown halls?\b|\btown-halls?\b/i },
  { category: "team-building", pattern: /\boff-?sites?\b|\bteam days?\b|\baway days?\b/i },
];

/** The category of the meeting a question names ("this retro" -> retrospectives), or null when it names none. */
export function meetingNamedIn(text: string): CategorySlug | null {
  for (const { category, pattern } of MEETING_KINDS) if (pattern.test(text)) return category;
  return null;
}
