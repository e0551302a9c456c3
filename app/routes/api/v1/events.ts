import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST: a page view or an error from the browser, sent only after cookie consent; stored in our own database only. */
const route = apiRouteAt("/api/v1/events");
export const action = route.action;
export const loader = route.loader;
