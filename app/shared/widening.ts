import { findCategory } from "./categories";
import {
  ENGAGEMENT_LEVELS,
  type EngagementLevel,
  type GeneratorChoice,
  isOfferedChoice,
  MEETING_CONTEXTS,
  type MeetingContext,
  QUESTION_STYLES,
  type QuestionStyle,
  type Relaxed,
  typeForContext,
} from "./questions";

/** The parts of a choice, or of a question's labels, that widening may relax. */
type ChoiceParts = {
  meetingContext: MeetingContext;
  questionStyle: QuestionStyle;
  engagementLevel: EngagementLevel;
  categorySlug: string | null;
};

const LABEL_FIELDS = ["meetingContext", "questionStyle", "engagementLevel"] as const;

/**
 * What a question differs in from the choice it was served for. Its own
 * labels tell the moment, style and depth; the category counts only when the
 * pick left the choice's category, since a question may be filed under
 * categories besides its own.
 */
export function relaxedChoice(choice: ChoiceParts, question: ChoiceParts, leftCategory: boolean): Relaxed[] {
  const relaxed: Relaxed[] = LABEL_FIELDS.filter((field) => choice[field] !== question[field]).map((field) => ({
    field,
    asked: choice[field],
    served: question[field],
  }));
  if (leftCategory && choice.categorySlug)
    relaxed.push({ field: "categorySlug", asked: choice.categorySlug, served: question.categorySlug });
  return relaxed;
}

const LISTS = {
  meetingContext: MEETING_CONTEXTS,
  questionStyle: QUESTION_STYLES,
  engagementLevel: ENGAGEMENT_LEVELS,
} as const;

/** A value as the generator's choices name it: "Standard", "Check-in", "Daily Standup". */
function labelOf(field: Relaxed["field"], value: string): string {
  if (field === "categorySlug") return findCategory(value)?.name ?? value;
  return (
    (LISTS[field] as readonly { value: string; label: string }[]).find((item) => item.value === value)?.label ?? value
  );
}

const withArticle = (words: string) => `${/^[aeiou]/i.test(words) ? "an" : "a"} ${words}`;

/**
 * What the card says when the generator widened the choice, naming what it
 * relaxed: "No more Standard questions for this choice: here is a Quick one."
 */
export function widenedSentence(relaxed: readonly Relaxed[]): string {
  const category = relaxed.find((r) => r.field === "categorySlug");
  const labels = relaxed.filter((r) => r.field !== "categorySlug");
  const elsewhere = category?.served ? findCategory(category.served)?.name : undefined;
  const from = category ? (elsewhere ? ` from ${elsewhere}` : " from another kind of meeting") : "";
  const [only] = relaxed;
  if (only && relaxed.length === 1) {
    const asked = labelOf(only.field, only.asked);
    if (only.field === "categorySlug") return `No more ${asked} questions for this choice: here is one${from}.`;
    return `No more ${asked} questions for this choice: here is ${withArticle(labelOf(only.field, only.served ?? ""))} one.`;
  }
  const served = labels.map((r) => labelOf(r.field, r.served ?? "")).join(", ");
  return `No more questions for this exact choice: here is ${served ? `${withArticle(served)} one` : "one"}${from}.`;
}

/** The button that clears what was seen of the choice and serves it again: "Show Standard ones again". */
export function againLabel(relaxed: readonly Relaxed[]): string {
  const [only] = relaxed;
  if (only && relaxed.length === 1) return `Show ${labelOf(only.field, only.asked)} ones again`;
  return "Show this exact choice again";
}

/** A choice in words, as the choices name it: "Check-in · Reflective · Standard · Any meeting". */
export function choiceInWords(choice: GeneratorChoice): string {
  return [
    labelOf("meetingContext", choice.meetingContext),
    labelOf("questionStyle", choice.questionStyle),
    labelOf("engagementLevel", choice.engagementLevel),
    choice.categorySlug ? labelOf("categorySlug", choice.categorySlug) : "Any meeting",
  ].join(" · ");
}

export type LibraryFilter = {
  meetingContext?: MeetingContext | MeetingContext[];
  questionStyle?: QuestionStyle | QuestionStyle[];
  engagementLevel?: EngagementLevel | EngagementLevel[];
  categorySlug?: string | null;
};

/** Which part of the choice a ladder step relaxes: null for the exact choice. */
type Widening = "depth" | "style" | "moment" | "category";

/** Styles close enough to stand in for each other when one is used up. */
const STYLE_NEIGHBOURS: Record<QuestionStyle, QuestionStyle[]> = {
  reflective: ["inspirational", "professional"],
  playful: ["inspirational", "reflective"],
  professional: ["reflective", "inspirational"],
  inspirational: ["reflective", "playful"],
};

const DEPTH_NEIGHBOURS: Record<EngagementLevel, EngagementLevel[]> = {
  quick: ["standard"],
  standard: ["quick", "deep"],
  deep: ["standard"],
};

/**
 * The choices that still fit, nearest first: the exact choice; the same
 * moment and style one depth away; the same moment and depth in a
 * neighbouring style; another moment of the same type (a focus question for
 * a check-in); on a category page, the exact choice in other categories.
 */
export function fittingSteps(choice: GeneratorChoice): { filter: LibraryFilter; widened: Widening | null }[] {
  const { meetingContext, questionStyle, engagementLevel, categorySlug } = choice;
  const depths = DEPTH_NEIGHBOURS[engagementLevel].filter((depth) => isOfferedChoice(meetingContext, depth));
  const type = typeForContext(meetingContext);
  const moments = MEETING_CONTEXTS.map((c) => c.value).filter(
    (context) => context !== meetingContext && typeForContext(context) === type,
  );
  const steps: { filter: LibraryFilter; widened: Widening | null }[] = [
    { filter: choice, widened: null },
    { filter: { ...choice, engagementLevel: depths }, widened: "depth" },
    { filter: { ...choice, questionStyle: STYLE_NEIGHBOURS[questionStyle] }, widened: "style" },
    { filter: { ...choice, meetingContext: moments }, widened: "moment" },
  ];
  if (categorySlug) steps.push({ filter: { ...choice, categorySlug: null }, widened: "category" });
  return steps.filter(({ filter }) =>
    [filter.meetingContext, filter.engagementLevel].every((v) => !Array.isArray(v) || v.length > 0),
  );
}
