import { z } from "zod";
import { dismissPremiumNote } from "~/domain/accounts/premium-note.server";
import { recordEvent } from "~/domain/analytics/events.server";
import { failure } from "~/domain/errors";
import { choiceOf } from "~/domain/generation/serve-question.server";
import { LIMITS } from "~/domain/limits/rules";
import { startChoiceAfresh } from "~/domain/questions/library-pick.server";
import { clearMark, type QuestionMark, setMark } from "~/domain/questions/marks.server";
import { trackedUrl } from "~/shared/analytics";
import { clientEventSchema } from "~/shared/analytics-schemas";
import { startAfreshRequestSchema } from "~/shared/question-schemas";
import { memberOf, signedInUser } from "../actors";
import { nothing } from "../outputs";
import { questionIdParam } from "../params";
import { defineUseCase, done } from "../use-case";

/** Setting and clearing a mark count under the same limit. */
const RULES = { saved: LIMITS.saves, hidden: LIMITS.hides } as const;

/**
 * A member's own on/off mark on a question: saved ("Save This Question"),
 * hidden ("don't show this again"). Setting a mark on a question the
 * member may not see answers QUESTION_NOT_FOUND; clearing one always works.
 */
function questionMark(mark: QuestionMark, on: boolean, name: string, summary: string) {
  return defineUseCase({
    name,
    summary,
    input: z.object({ questionId: questionIdParam }),
    output: z.partialRecord(z.enum(["saved", "hidden"]), z.boolean()),
    actors: ["member", "token"],
    scope: "write",
    limit: { rule: RULES[mark] },
    errors: on ? ["QUESTION_NOT_FOUND"] : [],
    async run({ db }, actor, { questionId }) {
      const user = memberOf(actor);
      if (!on) {
        await clearMark(db, mark, user.id, questionId);
      } else if (!(await setMark(db, mark, user.id, questionId))) {
        return failure("QUESTION_NOT_FOUND");
      }
      return done({ [mark]: on });
    },
  });
}

export const saveQuestion = questionMark("saved", true, "questions.save", "Saves a question to the member's list.");
export const unsaveQuestion = questionMark(
  "saved",
  false,
  "questions.unsave",
  "Takes a question off the member's list.",
);
export const hideQuestion = questionMark(
  "hidden",
  true,
  "questions.hide",
  "Hides a question from the member's generator for good.",
);
export const showQuestion = questionMark("hidden", false, "questions.show", "Lets a hidden question be served again.");

export const startChoiceAgain = defineUseCase({
  name: "questions.start-afresh",
  summary:
    "Starts a choice afresh once the generator has widened it: the browser's seen ids of other choices come back, and a member's served questions of it count as unseen again.",
  input: startAfreshRequestSchema,
  output: z.object({ seenIds: z.array(z.string()), forgotten: z.number().int() }),
  actors: ["visitor", "member"],
  // A visitor's seen ids live in their browser: only a member's fresh start writes anything, so only that counts.
  limit: { rule: LIMITS.afresh, by: (actor) => (signedInUser(actor) ? { member: memberOf(actor).id } : null) },
  errors: [],
  async run({ db }, actor, request) {
    const userId = signedInUser(actor)?.id ?? null;
    return done(await startChoiceAfresh(db, choiceOf(request), request.seenIds, userId));
  },
});

export const putAwayPremiumNote = defineUseCase({
  name: "accounts.dismiss-premium-note",
  summary: "The member puts away the note on what Premium adds, for good.",
  input: z.object({}),
  output: z.object({ dismissed: z.literal(true) }),
  actors: ["member"],
  errors: [],
  async run({ db }, actor) {
    await dismissPremiumNote(db, memberOf(actor).id);
    return done({ dismissed: true as const });
  },
});

/**
 * A page view or an error from the browser, sent only after cookie consent,
 * stored in our own database and nowhere else. Every call counts against
 * its address, malformed ones too: nothing else bounds what anonymous
 * browsers add to the events table.
 */
export const recordClientEvent = defineUseCase({
  name: "analytics.record-event",
  summary: "Records a page view or an error a browser reports, after cookie consent.",
  input: clientEventSchema,
  output: nothing,
  actors: ["visitor", "member"],
  limit: { rule: LIMITS.events, by: "address", countsInvalidInput: true },
  errors: [],
  async run({ db, settings }, actor, event) {
    const properties: Record<string, string> =
      event.name === "page_view"
        ? { page: event.page, url: trackedUrl(settings.publicUrl, event.path, event.search) }
        : { page: event.page, message: event.message };
    await recordEvent(db, event.name, { userId: signedInUser(actor)?.id ?? null, path: event.path, properties });
    return done(undefined);
  },
});
