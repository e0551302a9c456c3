/** The options that describe a question: its type, meeting context, style and engagement level. */

export const QUESTION_TYPES = ["check-in", "energizer", "check-out"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const MEETING_CONTEXTS = [
  { value: "check-in", label: "Check-in", description: "Start meetings with energy and connection" },
  { value: "connection", label: "Connection", description: "Build relationships and trust" },
  { value: "focus", label: "Focus", description: "Align on goals and priorities" },
  { value: "status", label: "Status", description: "Share progress and blockers" },
  { value: "energizer", label: "Energizer", description: "Wake the room up: playful and quick" },
  { value: "check-out", label: "Check-out", description: "Reflect, celebrate, close" },
] as const;
export type MeetingContext = (typeof MEETING_CONTEXTS)[number]["value"];
export const MEETING_CONTEXT_VALUES = MEETING_CONTEXTS.map((c) => c.value) as [MeetingContext, ...MeetingContext[]];

export const QUESTION_STYLES = [
  { value: "reflective", label: "Reflective" },
  { value: "playful", label: "Playful" },
  { value: "professional", label: "Professional" },
  { value: "inspirational", label: "Inspirational" },
] as const;
export type QuestionStyle = (typeof QUESTION_STYLES)[number]["value"];
export const QUESTION_STYLE_VALUES = QUESTION_STYLES.map((s) => s.value) as [QuestionStyle, ...QuestionStyle[]];

export const ENGAGEMENT_LEVELS = [
  { value: "quick", label: "Quick", description: "Simple sharing, 30 seconds", answerSeconds: 30 },
  { value: "standard", label: "Standard", description: "Moderate thought, 1-2 minutes", answerSeconds: 90 },
  { value: "deep", label: "Deep", description: "Meaningful detailed sharing, 3-5 minutes", answerSeconds: 240 },
] as const;
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number]["value"];
export const ENGAGEMENT_LEVEL_VALUES = ENGAGEMENT_LEVELS.map((e) => e.value) as [EngagementLevel, ...EngagementLevel[]];

/** The form of a question; live rounds turn ready answers into buttons and bars. */
export const QUESTION_FORMATS = [
  "open",
  "one-word",
  "would-you-rather",
  "pick-one",
  "scale",
  "high-low",
  "chain",
  "show-and-tell",
] as const;
export type QuestionFormat = (typeof QUESTION_FORMATS)[number];

/** How many ready answers each format carries: [min, max]; formats not listed carry none. */
export const FORMAT_ANSWER_COUNTS: Partial<Record<QuestionFormat, readonly [number, number]>> = {
  "would-you-rather": [2, 2],
  "pick-one": [3, 3],
  scale: [3, 5],
};

/**
 * An energizer lifts the room in a minute or two, so there is no deep
 * energizer: the choice is not offered, and a request for one is served at
 * standard depth.
 */
export function offeredEngagement(context: MeetingContext, engagement: EngagementLevel): EngagementLevel {
  return context === "energizer" && engagement === "deep" ? "standard" : engagement;
}

export function isOfferedChoice(context: MeetingContext, engagement: EngagementLevel): boolean {
  return offeredEngagement(context, engagement) === engagement;
}

export type QuestionChoice = { context: MeetingContext; style: QuestionStyle; engagement: EngagementLevel };

/** A choice as the generator asks for it: the meeting moment, style and depth, and the category (null: any meeting). */
export type GeneratorChoice = {
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  categorySlug: string | null;
};

/** Every context x style x engagement choice the generator offers. */
export const OFFERED_CHOICES: readonly QuestionChoice[] = MEETING_CONTEXT_VALUES.flatMap((context) =>
  QUESTION_STYLE_VALUES.flatMap((style) =>
    ENGAGEMENT_LEVEL_VALUES.filter((engagement) => isOfferedChoice(context, engagement)).map((engagement) => ({
      context,
      style,
      engagement,
    })),
  ),
);

/** "composed": written by the retired template composer; kept (retired) only where members voted, saved or planned it. */
export const QUESTION_SOURCES = ["curated", "ai_generated", "user_submitted", "composed"] as const;
export type QuestionSource = (typeof QUESTION_SOURCES)[number];

/** The type follows the meeting context: check-out and energizer are their own types, the rest are check-ins. */
export function typeForContext(context: MeetingContext): QuestionType {
  if (context === "check-out") return "check-out";
  if (context === "energizer") return "energizer";
  return "check-in";
}

/** Text compared for duplicates: case, punctuation and whitespace do not count. */
export function normalizeQuestionText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Cards put questions in quotes themselves, so stored and generated text loses any surrounding quotes. */
export function stripSurroundingQuotes(text: string): string {
  return text
    .trim()
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, "")
    .trim();
}

export const QUESTION_TEXT_MIN = 10;
export const QUESTION_TEXT_MAX = 300;

export type RemainingQuestions = number | "unlimited";

/** A question as the generator card shows it. */
export type ServedQuestion = {
  id: string;
  /** The question text, without surrounding quotes. */
  question: string;
  type: QuestionType;
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  categorySlug: string | null;
  source: QuestionSource;
  authorId: string | null;
  voteScore: number;
  totalVotes: number;
  createdAt: string;
  /**
   * Set when only its author may see it ('private', written by Premium's AI),
   * or its team, or the admins reviewing it: no votes and no share page, which
   * read published questions only.
   */
  privateTo?: "author" | "team";
};

/** The error codes a failed generation request can answer with. */
export const GENERATION_ERROR_CODES = [
  "API_KEY_MISSING",
  "API_ERROR",
  "NETWORK_ERROR",
  "GENERATION_ERROR",
  "INVALID_RESPONSE",
  "QUOTA_EXCEEDED",
  "INVALID_INPUT",
] as const;
export type GenerationErrorCode = (typeof GENERATION_ERROR_CODES)[number];

/** A generation failure as the API answers it: the English words, the code and its parameters (app/shared/errors). */
export type GenerationProblem = {
  error: string;
  code: GenerationErrorCode;
  params?: Record<string, unknown>;
  retryable: boolean;
};

/**
 * A part of the host's choice the generator gave up to serve an unseen
 * question (every question of the exact choice was seen): which request field,
 * what was asked and what the question has instead (null: no category).
 */
export type Relaxed = {
  field: "meetingContext" | "questionStyle" | "engagementLevel" | "categorySlug";
  asked: string;
  served: string | null;
};

export type GenerateQuestionResponse = ServedQuestion & {
  remainingQuestions: RemainingQuestions;
  /** Set when the question came from the library although the AI was asked (quota spent, AI failed). */
  notice?: string;
  /** The AI failure behind a notice: the text, code and retryability the request would otherwise have failed with. */
  aiError?: GenerationProblem;
  /** Set when every question of the exact choice was seen and this one comes from a nearby choice: a few calm words. */
  widened?: string;
  /** With `widened`: what was relaxed, field by field, so any caller can say it in its own words. */
  relaxed?: Relaxed[];
};
