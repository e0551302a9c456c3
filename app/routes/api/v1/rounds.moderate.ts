import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {hidden}: the host hides an answer from everyone, or shows it again. */
const route = apiRouteAt("/api/v1/rounds/{code}/answers/{answerId}");
export const action = route.action;
export const loader = route.loader;
