import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST: the team's private question goes to the admins for review, as a member's submission does. Curators only. */
const route = apiRouteAt("/api/v1/teams/{teamId}/questions/{questionId}/submit");
export const action = route.action;
export const loader = route.loader;
