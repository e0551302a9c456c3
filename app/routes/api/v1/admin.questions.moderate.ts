import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {decision: approve|reject, reason?}: an admin moderates a submitted question. */
const route = apiRouteAt("/api/v1/admin/questions/{questionId}/moderate");
export const action = route.action;
export const loader = route.loader;
