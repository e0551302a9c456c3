import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST: starts a live round; this browser becomes its host (a cookie), a member also by account. */
const route = apiRouteAt("/api/v1/rounds");
export const action = route.action;
export const loader = route.loader;
