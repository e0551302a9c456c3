/**
 * A question a live round can start from. Format and ready answers, when the
 * card knows them, let the dialog name the answer mode the question suggests.
 */
export type StartQuestion = {
  id: string;
  question: string;
  format?: string;
  answers?: string[] | null;
};
