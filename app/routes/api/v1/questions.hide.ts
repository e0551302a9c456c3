import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** PUT hides a question from the member's generator ("don't show this again"), DELETE shows it again; both answer {hidden}. */
const route = apiRouteAt("/api/v1/questions/{questionId}/hide");
export const action = route.action;
export const loader = route.loader;
