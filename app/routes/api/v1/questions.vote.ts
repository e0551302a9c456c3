import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {direction}: toggles the member's vote; answers the new tally. */
const route = apiRouteAt("/api/v1/questions/{questionId}/vote");
export const action = route.action;
export const loader = route.loader;
