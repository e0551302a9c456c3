import type { ServedQuestion } from "./questions";

const fallback = (n: number, question: string, over: Partial<ServedQuestion> = {}): ServedQuestion => ({
  id: `fallback-${n}`,
  question,
  type: "check-in",
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  categorySlug: null,
  source: "curated",
  authorId: null,
  voteScore: 0,
  totalVotes: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
  ...over,
});

/**
 * Built-in questions for when nothing else can be had: the first one is
 * the question shown when the first load fails. Their ids are not UUIDs, so they
 * never count as seen library questions.
 */
export const FALLBACK_QUESTIONS: readonly ServedQuestion[] = [
  fallback(1, "What are you looking forward to this week?"),
  fallback(2, "What is one thing that went better than expected recently?", { engagementLevel: "quick" }),
  fallback(3, "If today's meeting had a theme song, what would it be?", {
    type: "energizer",
    meetingContext: "energizer",
    questionStyle: "playful",
    engagementLevel: "quick",
  }),
  fallback(4, "What would make the next hour worth your time?", {
    meetingContext: "focus",
    questionStyle: "professional",
  }),
  fallback(5, "What is one thing you are taking away from today?", {
    type: "check-out",
    meetingContext: "check-out",
    engagementLevel: "quick",
  }),
];
