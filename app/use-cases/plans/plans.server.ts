import { z } from "zod";
import { failure } from "~/domain/errors";
import { LIMITS } from "~/domain/limits/rules";
import { createPlan, suggestForSlot, suggestPlan } from "~/domain/plans/plans.server";
import { newPlanSchema, planSlotSchema, planSuggestionSchema } from "~/shared/plan-schemas";
import { signedInUser } from "../actors";
import { servedQuestionSchema } from "../outputs";
import { defineUseCase, done } from "../use-case";

export const suggestMeetingPlan = defineUseCase({
  name: "plans.suggest",
  summary: "A matched set for a meeting: a check-in, an energizer and a check-out for the same category and depth.",
  input: planSuggestionSchema,
  output: z.object({ questions: z.array(servedQuestionSchema) }),
  actors: ["visitor", "member"],
  errors: [],
  async run({ db }, actor, settings) {
    return done({ questions: await suggestPlan(db, settings, signedInUser(actor)?.id ?? null) });
  },
});

export const suggestForPlanSlot = defineUseCase({
  name: "plans.suggest-another",
  summary: "Another question for one slot of the plan, leaving out the ones already in it.",
  input: planSuggestionSchema.extend({
    slot: planSlotSchema,
    replace: z.uuid({ error: "replace must be a question id" }).transform((id) => id.toLowerCase()),
    // Ids the plan holds: only well-formed ones are left out, the rest cannot be in the library anyway.
    questionIds: z.array(z.string()).default([]),
  }),
  output: z.object({ replaced: z.object({ questionId: z.uuid(), question: servedQuestionSchema.nullable() }) }),
  actors: ["visitor", "member"],
  errors: [],
  async run({ db }, actor, { slot, replace, questionIds, ...settings }) {
    const exclude = questionIds.filter((id) => z.uuid().safeParse(id).success);
    const question = await suggestForSlot(db, slot, settings, exclude, signedInUser(actor)?.id ?? null);
    return done({ replaced: { questionId: replace, question } });
  },
});

export const saveMeetingPlan = defineUseCase({
  name: "plans.create",
  summary: "Saves the plan's questions in order behind an unguessable, read-only link.",
  input: newPlanSchema,
  output: z.object({ planId: z.uuid() }),
  actors: ["visitor", "member"],
  // Visitors may make plans too: they are counted by their network.
  limit: { rule: LIMITS.plans },
  errors: ["PLAN_QUESTION_GONE"],
  async run({ db }, actor, plan) {
    const id = await createPlan(db, { ownerId: signedInUser(actor)?.id ?? null, ...plan });
    return id ? done({ planId: id }) : failure("PLAN_QUESTION_GONE");
  },
});
