import { apiRouteAt } from "~/web/adapters/api-routes.server";

/**
 * POST /api/v1/generate-question (alias /functions/v1/generate-question):
 * the generator's public contract.
 */
const route = apiRouteAt("/api/v1/generate-question");
export const action = route.action;
export const loader = route.loader;
