import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** GET ?position=&offset=: one page of a question's free-text answers, oldest first, {answers, total}. */
const route = apiRouteAt("/api/v1/rounds/{code}/answers");
export const action = route.action;
export const loader = route.loader;
