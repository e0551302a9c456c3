import { z } from "zod";
import { changeAccess } from "~/domain/admin/access.server";
import { deleteQuestion, editQuestion, moderateQuestion } from "~/domain/admin/questions.server";
import { failure } from "~/domain/errors";
import { sendProductNews } from "~/domain/news/product-news.server";
import { PLANS } from "~/shared/accounts";
import { adminEditSchema, moderationSchema } from "~/shared/community-schemas";
import { productNewsSchema } from "~/shared/news-schemas";
import { memberOf } from "../actors";
import { nothing } from "../outputs";
import { questionIdParam } from "../params";
import { defineUseCase, done } from "../use-case";

/** Admin rights and Premium are decided on the server from the profile, whatever a client claims. */

export const changeUserAccess = defineUseCase({
  name: "admin.change-access",
  summary: "Grants or revokes admin rights and Premium; an admin cannot remove their own admin rights.",
  input: z
    .object({ userId: z.string(), isAdmin: z.boolean().optional(), plan: z.enum(PLANS).optional() })
    .strict()
    .refine((v) => v.isAdmin !== undefined || v.plan !== undefined, { message: "Give isAdmin or plan" }),
  output: z.object({
    user: z.object({
      id: z.string(),
      fullName: z.string(),
      email: z.string(),
      plan: z.enum(PLANS),
      isAdmin: z.boolean(),
    }),
  }),
  actors: ["admin"],
  errors: ["OWN_ADMIN_ACCESS", "USER_NOT_FOUND"],
  async run({ db }, actor, { userId, ...change }) {
    const result = await changeAccess(db, memberOf(actor).id, userId, change);
    if (!result.ok) return result;
    const { fullName, email, plan, isAdmin } = result.profile;
    return done({ user: { id: result.profile.userId, fullName, email, plan, isAdmin } });
  },
});

export const moderateSubmission = defineUseCase({
  name: "admin.moderate-question",
  summary: "Approves a submitted question (it becomes public) or rejects it, with a reason for its author.",
  input: z.object({ questionId: questionIdParam, ...moderationSchema.shape }),
  output: z.object({ id: z.uuid(), status: z.enum(["published", "rejected"]) }),
  actors: ["admin"],
  errors: ["QUESTION_NOT_FOUND", "QUESTION_ALREADY_PUBLISHED"],
  async run({ db }, actor, { questionId, decision, reason }) {
    const result = await moderateQuestion(db, memberOf(actor).id, questionId, decision, reason);
    if (!result.ok) return result;
    return done({ id: questionId, status: decision === "approve" ? ("published" as const) : ("rejected" as const) });
  },
});

export const editAnyQuestion = defineUseCase({
  name: "admin.edit-question",
  summary: "Changes a question's text; the audit log keeps the text before and after.",
  input: z.object({ questionId: questionIdParam, ...adminEditSchema.shape }),
  output: z.object({ id: z.uuid(), question: z.string() }),
  actors: ["admin"],
  errors: ["QUESTION_NOT_FOUND", "QUESTION_ALREADY_PUBLISHED", "QUESTION_TEXT_INVALID"],
  async run({ db }, actor, { questionId, updates }) {
    const result = await editQuestion(db, memberOf(actor).id, questionId, updates.question);
    return result.ok ? done({ id: questionId, question: updates.question }) : result;
  },
});

export const deleteAnyQuestion = defineUseCase({
  name: "admin.delete-question",
  summary: "Deletes a question for good.",
  input: z.object({ questionId: questionIdParam }),
  output: nothing,
  actors: ["admin"],
  errors: ["QUESTION_NOT_FOUND"],
  async run({ db }, actor, { questionId }) {
    const result = await deleteQuestion(db, memberOf(actor).id, questionId);
    return result.ok ? done(undefined) : result;
  },
});

export const sendNews = defineUseCase({
  name: "admin.send-product-news",
  summary: "Queues a product-news mail to every verified account that asked for product news.",
  input: productNewsSchema,
  output: z.object({ recipients: z.number().int() }),
  actors: ["admin"],
  errors: ["NO_NEWS_RECIPIENTS"],
  async run({ db, jobs, settings, secret }, actor, news) {
    const { appName, publicUrl } = settings;
    const { recipients } = await sendProductNews(db, jobs, memberOf(actor).id, news, { appName, publicUrl, secret });
    if (recipients === 0) return failure("NO_NEWS_RECIPIENTS");
    return done({ recipients });
  },
});
