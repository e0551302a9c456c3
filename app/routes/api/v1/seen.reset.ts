import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST: starts a choice afresh once the generator has widened it: answers {seenIds, forgotten}. */
const route = apiRouteAt("/api/v1/seen/reset");
export const action = route.action;
export const loader = route.loader;
