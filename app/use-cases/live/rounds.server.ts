import { z } from "zod";
import { noteRoundChange } from "~/domain/chat/round-posts.server";
import { failure, type Outcome } from "~/domain/errors";
import { LIMITS } from "~/domain/limits/rules";
import { hostAction, moderateAnswer } from "~/domain/live/hosting.server";
import { roundOutOfReach } from "~/domain/live/out-of-reach";
import { joinRound, submitAnswer } from "~/domain/live/participation.server";
import { answersPage, createRound, deleteRound, getRoundView, type LiveCredentials } from "~/domain/live/rounds.server";
import { seatKey } from "~/domain/live/tokens.server";
import { keepTeamRecap } from "~/domain/teams/recaps.server";
import { isUuid } from "~/shared/ids";
import { isJoinCode, type LiveAnswer, normalizeJoinCode, type RoundView } from "~/shared/live";
import {
  hostActionSchema,
  joinRoundSchema,
  liveAnswerSchema,
  moderateAnswerSchema,
  newRoundSchema,
  roundAnswersPageSchema,
} from "~/shared/live-schemas";
import { type Actor, addressOf, signedInUser } from "../actors";
import type { UseCaseDeps } from "../deps";
import { nothing } from "../outputs";
import { defineUseCase, done } from "../use-case";
import { withinReach } from "./reach.server";

/** The round's code as people type it; anything that cannot be a code is out of reach before the database is asked. */
const roundCode = z.string().transform((code) => normalizeJoinCode(code));

/** The caller's seats in this round and the member behind them (an owner hosts from any device). */
function credentialsOf(actor: Actor, code: string): LiveCredentials {
  const seats = "seats" in actor && actor.seats?.code === code ? actor.seats : undefined;
  return {
    hostToken: seats?.hostToken ?? null,
    participantToken: seats?.participantToken ?? null,
    room: seats?.room ?? null,
    userId: signedInUser(actor)?.id ?? null,
  };
}

/** Reads the round from the caller's seat, within reach; a code that cannot be one is out of reach at once. */
function fromSeat<T extends object>(
  deps: UseCaseDeps,
  actor: Actor,
  code: string,
  read: (credentials: LiveCredentials) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  if (!isJoinCode(code)) return Promise.resolve(roundOutOfReach());
  return withinReach(deps, addressOf(actor), () => read(credentialsOf(actor, code)));
}

const roundView = z.custom<RoundView>();
export const liveAnswer = z.custom<LiveAnswer>();

/** Every caller of a round, signed in or not: rounds are joined and hosted without an account too. */
const ANYONE = ["visitor", "member"] as const;

/** The host's calls, which a script may make with a member's token too: its member hosts the round by account. */
const HOSTS = ["visitor", "member", "token"] as const;

export const OUT_OF_REACH = ["ROUND_OUT_OF_REACH", "RATE_LIMITED"] as const;
/** What joining a round may answer besides an unknown code, from a phone or from chat. */
export const JOIN_ERRORS = ["ROUND_GONE", "ROUND_FULL", "NAME_REQUIRED", "NAME_NOT_SHOWABLE"] as const;
/** What an answer may be refused for besides an unknown code, from a phone or from chat. */
export const ANSWER_ERRORS = [
  "ROUND_ENDED",
  "ROUND_LOCKED",
  "HOST_MOVED_ON",
  "NO_SUCH_ROUND_QUESTION",
  "CHOICE_REQUIRED",
  "CHOICE_NOT_SHOWN",
  "ANSWER_REQUIRED",
  "ANSWER_NOT_SHOWABLE",
  "ONE_WORD_ANSWER",
] as const;

export const startLiveRound = defineUseCase({
  name: "live.start-round",
  summary: "Starts a live round of the questions in order; the caller becomes its host (a member also by account).",
  input: newRoundSchema,
  output: z.object({ code: z.string(), hostToken: z.string(), expiresAt: z.date() }),
  actors: HOSTS,
  scope: "write",
  // Per member, or per network for visitors, who may host too.
  limit: { rule: LIMITS.rounds },
  errors: ["ROUND_QUESTION_UNAVAILABLE", "ROUND_QUESTION_HAS_NO_CHOICES", "ROUND_NO_FREE_CODE"],
  async run({ db, settings }, actor, round) {
    const created = await createRound(db, { ...round, ownerId: signedInUser(actor)?.id ?? null }, settings.live);
    if (!created.ok) return created;
    const { code, hostToken, expiresAt } = created;
    return done({ code, hostToken, expiresAt });
  },
});

export const viewLiveRound = defineUseCase({
  name: "live.view-round",
  summary: "The round as the host's, a participant's or the room's screen shows it now; only from a seat in it.",
  input: z.object({ code: roundCode, as: z.string().optional() }),
  output: z.object({ view: roundView }),
  actors: HOSTS,
  scope: "read",
  errors: [...OUT_OF_REACH, "HOST_ONLY"],
  async run(deps, actor, { code, as }) {
    const role = as === "host" || as === "room" ? as : "participant";
    const viewed = await fromSeat(deps, actor, code, (seat) => getRoundView(deps.db, code, seat, role));
    return viewed.ok ? done({ view: viewed.view }) : viewed;
  },
});

export const deleteLiveRound = defineUseCase({
  name: "live.delete-round",
  summary: "The host deletes the round, its answers and its recap.",
  input: z.object({ code: roundCode }),
  output: nothing,
  actors: HOSTS,
  scope: "write",
  limit: { rule: LIMITS.roundHosting, by: "address" },
  errors: [...OUT_OF_REACH, "HOST_ONLY"],
  async run(deps, actor, { code }) {
    const deleted = await fromSeat(deps, actor, code, (seat) => deleteRound(deps.db, code, seat));
    return deleted.ok ? done(undefined) : deleted;
  },
});

export const joinLiveRound = defineUseCase({
  name: "live.join-round",
  summary: "Joins the round under its participant cap, with a name the host sees unless the round is anonymous.",
  input: z.object({ code: roundCode, ...joinRoundSchema.shape }),
  output: z.object({
    view: roundView,
    participantToken: z.string(),
    expiresAt: z.date(),
    rejoined: z.boolean(),
  }),
  actors: ANYONE,
  errors: [...OUT_OF_REACH, ...JOIN_ERRORS],
  async run(deps, actor, { code, name }) {
    // The round's size bounds how many join; only codes that find no round count against the address.
    const existing = credentialsOf(actor, code).participantToken;
    const joined = await fromSeat(deps, actor, code, () =>
      joinRound(deps.db, code, { name, participantToken: existing }),
    );
    if (!joined.ok) return joined;
    const { participantToken, expiresAt } = joined;
    const viewed = await getRoundView(deps.db, code, { participantToken }, "participant");
    if (!viewed.ok) return viewed;
    return done({ view: viewed.view, participantToken, expiresAt, rejoined: existing === participantToken });
  },
});

export const answerLiveRound = defineUseCase({
  name: "live.answer",
  summary: "Answers (or passes) the current question from a participant's seat; a new answer replaces the last.",
  input: z.object({ code: roundCode }).and(liveAnswerSchema),
  output: z.object({ answer: liveAnswer }),
  actors: ANYONE,
  // Per seat, never per address: a room behind one address answers as freely as a room of phones.
  limit: {
    rule: LIMITS.roundAnswers,
    by: (actor, { code }) => {
      const token = credentialsOf(actor, code).participantToken;
      return token ? { participant: seatKey(token) } : null;
    },
  },
  errors: [...OUT_OF_REACH, ...ANSWER_ERRORS],
  async run(deps, actor, { code, ...answer }) {
    const token = credentialsOf(actor, code).participantToken;
    // Without a seat it answers as an unknown code does, and counts alike.
    const taken = await fromSeat(deps, actor, code, async () =>
      token ? submitAnswer(deps.db, code, token, answer) : roundOutOfReach(),
    );
    if (!taken.ok) return taken;
    // A round posted in a chat shows how many answered there.
    await noteRoundChange(deps.db, deps.jobs, taken.round);
    return done({ answer: taken.answer });
  },
});

export const hostLiveRound = defineUseCase({
  name: "live.host-action",
  summary:
    "The host reveals, hides, locks, unlocks, moves to the next or previous question, ends the round or sets its answer timer.",
  input: z.object({ code: roundCode }).and(hostActionSchema),
  output: z.object({ view: roundView }),
  actors: HOSTS,
  scope: "write",
  limit: { rule: LIMITS.roundHosting, by: "address" },
  errors: [
    ...OUT_OF_REACH,
    "HOST_ONLY",
    "ROUND_ENDED",
    "ROUND_MOVED_ON",
    "ROUND_LAST_QUESTION",
    "ROUND_FIRST_QUESTION",
    "TIMER_REQUIRED",
  ],
  async run(deps, actor, { code, action, position, shareRecap, timer }) {
    const seat = credentialsOf(actor, code);
    const acted = await fromSeat(deps, actor, code, () =>
      // A team round's recap stays in the team's history after the round is deleted.
      hostAction(deps.db, code, seat, action, position, { shareRecap, timer, afterEnd: keepTeamRecap }),
    );
    if (!acted.ok) return acted;
    // A round posted in a chat follows the host: the question shown, its summary once revealed, its end.
    await noteRoundChange(deps.db, deps.jobs, acted.round);
    const viewed = await getRoundView(deps.db, code, seat, "host");
    return viewed.ok ? done({ view: viewed.view }) : viewed;
  },
});

export const moderateLiveAnswer = defineUseCase({
  name: "live.moderate-answer",
  summary: "The host hides an answer from everyone, or shows it again.",
  input: z.object({ code: roundCode, answerId: z.string(), ...moderateAnswerSchema.shape }),
  output: z.object({ answer: liveAnswer }),
  actors: HOSTS,
  scope: "write",
  limit: { rule: LIMITS.roundHosting, by: "address" },
  errors: [...OUT_OF_REACH, "HOST_ONLY", "ANSWER_NOT_IN_ROUND"],
  async run(deps, actor, { code, answerId, hidden }) {
    if (!isUuid(answerId)) return failure("ANSWER_NOT_IN_ROUND");
    const id = answerId.toLowerCase();
    const hid = await fromSeat(deps, actor, code, (seat) => moderateAnswer(deps.db, code, seat, id, hidden));
    return hid.ok ? done({ answer: hid.answer }) : hid;
  },
});

export const readAnswerPage = defineUseCase({
  name: "live.answer-page",
  summary:
    "One page of a question's free-text answers, oldest first: the host reads any question's, a participant the current one's once shown.",
  input: z.object({ code: roundCode, ...roundAnswersPageSchema.shape }),
  output: z.object({ answers: z.array(liveAnswer), total: z.number().int() }),
  actors: HOSTS,
  scope: "read",
  errors: [...OUT_OF_REACH, "ANSWERS_NOT_SHOWN"],
  async run(deps, actor, { code, position, offset }) {
    const page = await fromSeat(deps, actor, code, (seat) => answersPage(deps.db, code, seat, position, offset));
    return page.ok ? done({ answers: page.answers, total: page.total }) : page;
  },
});
