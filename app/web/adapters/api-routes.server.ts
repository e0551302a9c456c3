import { z } from "zod";
import { livePaths } from "~/shared/live";
import {
  changeUserAccess,
  deleteAnyQuestion,
  editAnyQuestion,
  moderateSubmission,
} from "~/use-cases/admin/admin.server";
import {
  listCommunityQuestions,
  submitCommunityQuestion,
  voteOnQuestion,
} from "~/use-cases/community/community.server";
import {
  directCandidateQuestions,
  followUpQuestion,
  generateQuestion,
  rewriteInTone,
} from "~/use-cases/generation/generation.server";
import {
  answerLiveRound,
  deleteLiveRound,
  hostLiveRound,
  joinLiveRound,
  moderateLiveAnswer,
  readAnswerPage,
  startLiveRound,
  viewLiveRound,
} from "~/use-cases/live/rounds.server";
import {
  hideQuestion,
  putAwayPremiumNote,
  recordClientEvent,
  saveQuestion,
  showQuestion,
  startChoiceAgain,
  unsaveQuestion,
} from "~/use-cases/questions/questions.server";
import {
  deleteQuestionOfTeam,
  editQuestionOfTeam,
  forThisTeamAgain,
  listQuestionsOfTeam,
  markUsedByTeam,
  notForThisTeam,
  recordUseInMeeting,
  removeFromCollection,
  saveToCollection,
  submitQuestionOfTeam,
  writeQuestionForTeam,
} from "~/use-cases/teams/team-questions.server";
import { hostCookie, joinUrl, participantCookie } from "../live.server";
import { type ApiRoute, apiRoute, endpoint } from "./api.server";

const NO_STORE = { "Cache-Control": "no-store" };
const PRIVATE = { "Cache-Control": "private, no-store" };
/** Team endpoints read the member's place in the team with the session. */
const TEAM = { teamParam: "teamId" } as const;
/** A round's endpoints: the caller's seats in it come from the round's cookies. */
const ROUND = { seatsIn: "code" } as const;
/** What joining a round answers: the round as the participant sees it (the seat itself is a cookie). */
const JOINED = z.object({ view: z.looseObject({ code: z.string() }) });

/**
 * Every `/api/v1` path, its methods and the use case each runs: the route
 * modules are one line each (`apiRouteAt`), and the API's description
 * reads this table with the use cases' schemas. The paths are those of
 * app/routes.ts, with `{name}` for its `:name` parameters.
 */
export const API_ROUTES = {
  "/api/v1/questions": {
    GET: endpoint({
      useCase: listCommunityQuestions,
      headers: (actor) => ({ "Cache-Control": actor.kind === "visitor" ? "public, max-age=30" : "private, no-store" }),
    }),
    POST: endpoint({ useCase: submitCommunityQuestion, status: 201 }),
  },
  "/api/v1/questions/{questionId}": {
    PATCH: endpoint({ useCase: editAnyQuestion }),
    DELETE: endpoint({ useCase: deleteAnyQuestion, status: 204 }),
  },
  "/api/v1/questions/{questionId}/vote": { POST: endpoint({ useCase: voteOnQuestion }) },
  "/api/v1/questions/{questionId}/save": {
    PUT: endpoint({ useCase: saveQuestion }),
    DELETE: endpoint({ useCase: unsaveQuestion }),
  },
  "/api/v1/questions/{questionId}/hide": {
    PUT: endpoint({ useCase: hideQuestion }),
    DELETE: endpoint({ useCase: showQuestion }),
  },
  "/api/v1/admin/users/{userId}": { POST: endpoint({ useCase: changeUserAccess }) },
  "/api/v1/admin/questions/{questionId}/moderate": { POST: endpoint({ useCase: moderateSubmission }) },
  "/api/v1/generate-question": {
    POST: endpoint({ useCase: generateQuestion, headers: NO_STORE, visitorCookie: true }),
  },
  "/api/v1/ai/candidates": { POST: endpoint({ useCase: directCandidateQuestions, headers: NO_STORE }) },
  "/api/v1/ai/rewrite": { POST: endpoint({ useCase: rewriteInTone, headers: NO_STORE }) },
  "/api/v1/ai/follow-up": { POST: endpoint({ useCase: followUpQuestion, headers: NO_STORE }) },
  "/api/v1/seen/reset": { POST: endpoint({ useCase: startChoiceAgain, headers: NO_STORE }) },
  "/api/v1/premium-note": { POST: endpoint({ useCase: putAwayPremiumNote, from: "none", headers: NO_STORE }) },
  "/api/v1/events": { POST: endpoint({ useCase: recordClientEvent, status: 204 }) },
  "/api/v1/teams/{teamId}/questions": {
    GET: endpoint({ useCase: listQuestionsOfTeam, ...TEAM, headers: PRIVATE }),
    POST: endpoint({
      useCase: writeQuestionForTeam,
      ...TEAM,
      // A new question is created (201); a published text is saved to the collection instead (200, with a notice).
      respond: (written, { headers }) =>
        Response.json(written, { status: written.savedPublished ? 200 : 201, headers }),
      answers: { 200: writeQuestionForTeam.output, 201: writeQuestionForTeam.output },
    }),
  },
  "/api/v1/teams/{teamId}/questions/{questionId}": {
    PATCH: endpoint({ useCase: editQuestionOfTeam, ...TEAM }),
    DELETE: endpoint({ useCase: deleteQuestionOfTeam, ...TEAM, status: 204 }),
  },
  "/api/v1/teams/{teamId}/questions/{questionId}/submit": {
    POST: endpoint({ useCase: submitQuestionOfTeam, ...TEAM, from: "none" }),
  },
  "/api/v1/teams/{teamId}/collection/{questionId}": {
    PUT: endpoint({ useCase: saveToCollection, ...TEAM }),
    DELETE: endpoint({ useCase: removeFromCollection, ...TEAM }),
  },
  "/api/v1/teams/{teamId}/hidden/{questionId}": {
    PUT: endpoint({ useCase: notForThisTeam, ...TEAM }),
    DELETE: endpoint({ useCase: forThisTeamAgain, ...TEAM }),
  },
  "/api/v1/teams/{teamId}/uses": { POST: endpoint({ useCase: markUsedByTeam, ...TEAM, status: 201 }) },
  "/api/v1/teams/{teamId}/meetings/{meetingId}/uses": {
    POST: endpoint({ useCase: recordUseInMeeting, ...TEAM, status: 201 }),
  },
  "/api/v1/rounds": {
    POST: endpoint({
      useCase: startLiveRound,
      // This browser becomes the round's host: the seat is a cookie of its own. A token sets no cookie: its
      // member hosts by account.
      respond: ({ code, hostToken, expiresAt }, { headers, actor }) => {
        if (actor.kind !== "token") headers.append("Set-Cookie", hostCookie(code, hostToken, expiresAt));
        const body = { code, hostUrl: livePaths.host(code), joinUrl: joinUrl(livePaths.participant(code)) };
        return Response.json(body, { status: 201, headers });
      },
      answers: { 201: z.object({ code: z.string(), hostUrl: z.string(), joinUrl: z.url() }) },
    }),
  },
  "/api/v1/rounds/{code}": {
    GET: endpoint({ useCase: viewLiveRound, ...ROUND, headers: NO_STORE }),
    DELETE: endpoint({ useCase: deleteLiveRound, ...ROUND, status: 204 }),
  },
  "/api/v1/rounds/{code}/join": {
    POST: endpoint({
      useCase: joinLiveRound,
      ...ROUND,
      respond: ({ view, participantToken, expiresAt, rejoined }, { headers }) => {
        headers.append("Set-Cookie", participantCookie(view.code, participantToken, expiresAt));
        return Response.json({ view }, { status: rejoined ? 200 : 201, headers });
      },
      // 201 for a new seat, 200 when this browser's seat joins again.
      answers: { 200: JOINED, 201: JOINED },
    }),
  },
  "/api/v1/rounds/{code}/answer": { POST: endpoint({ useCase: answerLiveRound, ...ROUND }) },
  "/api/v1/rounds/{code}/host": { POST: endpoint({ useCase: hostLiveRound, ...ROUND }) },
  "/api/v1/rounds/{code}/answers": { GET: endpoint({ useCase: readAnswerPage, ...ROUND, headers: NO_STORE }) },
  "/api/v1/rounds/{code}/answers/{answerId}": { POST: endpoint({ useCase: moderateLiveAnswer, ...ROUND }) },
} satisfies Record<string, ApiRoute["methods"]>;

export type ApiPath = keyof typeof API_ROUTES;

/** app/routes.ts names a question in these paths `:id` (so do the tests' route lists); the table says questionId. */
const RENAMED: Partial<Record<ApiPath, Record<string, string>>> = {
  "/api/v1/questions/{questionId}": { id: "questionId" },
  "/api/v1/questions/{questionId}/vote": { id: "questionId" },
  "/api/v1/questions/{questionId}/save": { id: "questionId" },
  "/api/v1/questions/{questionId}/hide": { id: "questionId" },
  "/api/v1/admin/questions/{questionId}/moderate": { id: "questionId" },
};

/** The loader and action of the route module serving this path. */
export function apiRouteAt(path: ApiPath) {
  return apiRoute({ path, methods: API_ROUTES[path], renamed: RENAMED[path] });
}

/** The path app/routes.ts serves for a path of the table (`{questionId}` where it names `:id`). */
export function servedPath(path: ApiPath): string {
  let served: string = path;
  for (const [routeName, name] of Object.entries(RENAMED[path] ?? {}))
    served = served.replace(`{${name}}`, `{${routeName}}`);
  return served;
}
