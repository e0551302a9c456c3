import type { AnswerMode } from "./live";

/** How a question was used in a team's meeting. */
export type MeetingUseHow = "presented" | "live" | "asked";

export const MEETING_USE_LABELS: Record<MeetingUseHow, string> = {
  presented: "Presented",
  live: "Asked in a team round",
  asked: "Marked as asked",
};

/**
 * What a team keeps of a team round once it has ended: the questions and
 * their counts, and visible free-text answers without names. It outlives
 * the live round, which is deleted when its recap expires.
 */
export type TeamRoundRecap = {
  endedAt: string;
  participantCount: number;
  anonymous: boolean;
  questions: {
    text: string;
    mode: AnswerMode;
    options: string[];
    /** True for the series' pulse scale, kept only as counts. */
    pulse: boolean;
    answeredCount: number;
    passedCount: number;
    /** Scale and pick: visible answers per option. */
    tally: number[];
    /** One-word questions: the most said words. */
    words: { word: string; count: number }[];
    /** Free-text questions: the visible answers, no names. */
    answers: string[];
  }[];
};
