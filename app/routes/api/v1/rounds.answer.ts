import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {position, text | choice | pass}: answers (or passes) the current question. */
const route = apiRouteAt("/api/v1/rounds/{code}/answer");
export const action = route.action;
export const loader = route.loader;
