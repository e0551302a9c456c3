import { apiRouteAt } from "~/web/adapters/api-routes.server";

/**
 * GET ?position=&offset=: one page of a question's free-text answers, oldest
 * first, {answers, total}. A read only: the module has no action.
 */
export const loader = apiRouteAt("/api/v1/rounds/{code}/answers").loader;
