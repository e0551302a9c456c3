import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** PUT saves a question to the team's collection, DELETE removes it; both answer {saved}. */
const route = apiRouteAt("/api/v1/teams/{teamId}/collection/{questionId}");
export const action = route.action;
export const loader = route.loader;
