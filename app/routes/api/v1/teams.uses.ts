import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {questionId, how, meetingId?}: the question was asked in one of the team's meetings, so the team is not served it again while a fitting unused one exists. Hosts only. */
const route = apiRouteAt("/api/v1/teams/{teamId}/uses");
export const action = route.action;
export const loader = route.loader;
