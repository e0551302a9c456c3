import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** GET ?as=host|participant|room: the round as that screen shows it now, only from a seat in it; DELETE: the host deletes the round, its answers and its recap. */
const route = apiRouteAt("/api/v1/rounds/{code}");
export const action = route.action;
export const loader = route.loader;
