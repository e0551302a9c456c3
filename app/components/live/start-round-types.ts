import type { GeneratorChoice } from "~/shared/questions";

/**
 * A question a live round can start from. Format and ready answers, when the
 * card knows them, let the dialog name the answer mode the question suggests.
 */
export type StartQuestion = {
  id: string;
  question: string;
  format?: string;
  answers?: string[] | null;
} & Partial<GeneratorChoice>;

/** How the dialog opens: which questions are ticked, and a choice to give each person their own question from. */
export type StartOptions = {
  included: string[];
  /** The page's choice; without one, the first question's own labels, when it has them. */
  choice?: GeneratorChoice;
  /** Open with "A question for each person" chosen. */
  perPerson?: boolean;
};
