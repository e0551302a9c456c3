import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST: the member puts away the note on what Premium adds, for good. Answers {dismissed: true}. */
const route = apiRouteAt("/api/v1/premium-note");
export const action = route.action;
export const loader = route.loader;
