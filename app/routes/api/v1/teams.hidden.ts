import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** PUT marks a question "not for this team" (never served to the team again), DELETE takes it back; both answer {hidden}. */
const route = apiRouteAt("/api/v1/teams/{teamId}/hidden/{questionId}");
export const action = route.action;
export const loader = route.loader;
