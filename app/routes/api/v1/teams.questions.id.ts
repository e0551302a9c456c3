import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** PATCH {question} changes the text of the team's private question; DELETE removes it for good. Curators only. */
const route = apiRouteAt("/api/v1/teams/{teamId}/questions/{questionId}");
export const action = route.action;
export const loader = route.loader;
