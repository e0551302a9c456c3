import type { CategorySlug } from "./categories";
import { QUESTION_TEXT_MAX, QUESTION_TEXT_MIN, type ServedQuestion } from "./questions";
import { writtenTextProblem } from "./text";

/** The popular list's three sorts (most voted, newest, trending); it shows 25 questions a page. */
export const LIST_SORTS = ["popular", "newest", "trending"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const PAGE_SIZE = 25;

/** Which page of the list to show (GET /api/v1/questions and the pages' query strings). */
export type ListQuery = { sort: ListSort; category: CategorySlug | "all"; page: number };

export const VOTE_DIRECTIONS = ["up", "down"] as const;
export type VoteDirection = (typeof VOTE_DIRECTIONS)[number];

/** A card in a list: the question plus what the viewer did with it. */
export type ListedQuestion = ServedQuestion & { userVote: VoteDirection | null; saved: boolean };

export type QuestionPage = { items: ListedQuestion[]; page: number; pageCount: number; total: number };

/** How many community questions the home page shows; the whole list is on /questions. */
export const COMMUNITY_PICKS = 5;

/** The home page's community questions: the most voted, or a pick from the library while few have votes. */
export type CommunityPicks = { kind: "voted" | "library"; items: ListedQuestion[] };

export type VoteTally = {
  upvotes: number;
  downvotes: number;
  voteScore: number;
  totalVotes: number;
  userVote: VoteDirection | null;
};

/** The one text shown when a list is empty or fails to load. */
export const EMPTY_LIST_TEXT = "No questions found. Try adjusting your filters to see more results.";

/**
 * What is wrong with the text of a submitted or edited question, or null:
 * trimmed, a real question, a sane length, and what `writtenTextProblem`
 * asks of any text shown under a name: no control characters (a pasted bell
 * or escape is invisible on a card and breaks the preview image), direction
 * controls, invisible characters or links. The browser checks it before
 * sending an admin edit; the server's schemas and the one write path for
 * questions check it again, and so does the check of the AI's answers.
 */
export function questionTextProblem(text: string): string | null {
  const trimmed = text.trim();
  const problem = writtenTextProblem(trimmed, { lineBreaks: true });
  if (trimmed.length === 0 || problem === "nothing visible") return "Invalid question: must be a non-empty string";
  if (problem) return `Invalid question: must not contain ${problem}`;
  if (trimmed.length < QUESTION_TEXT_MIN) return `Questions must be at least ${QUESTION_TEXT_MIN} characters`;
  if (trimmed.length > QUESTION_TEXT_MAX) return `Questions must be at most ${QUESTION_TEXT_MAX} characters`;
  if (!trimmed.endsWith("?")) return "A question should end with a question mark";
  return null;
}
