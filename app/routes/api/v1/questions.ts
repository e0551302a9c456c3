import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** GET ?sort=&category=&page=: one page of the community list; POST: a member submits a question, which waits for an admin. */
const route = apiRouteAt("/api/v1/questions");
export const action = route.action;
export const loader = route.loader;
