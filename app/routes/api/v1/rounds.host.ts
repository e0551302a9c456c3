import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {action, position, shareRecap?, timer?}: reveal, hide, lock, unlock, next, previous, end, or the answer timer as the host's screen has it. */
const route = apiRouteAt("/api/v1/rounds/{code}/host");
export const action = route.action;
export const loader = route.loader;
