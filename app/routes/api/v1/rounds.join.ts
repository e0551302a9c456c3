import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {name?}: joins the round on this browser (a cookie); no account needed. */
const route = apiRouteAt("/api/v1/rounds/{code}/join");
export const action = route.action;
export const loader = route.loader;
