import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {questionId, how}: a question was presented or asked in the meeting, so the team is not served it again. */
const route = apiRouteAt("/api/v1/teams/{teamId}/meetings/{meetingId}/uses");
export const action = route.action;
export const loader = route.loader;
