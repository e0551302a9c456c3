import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** PUT saves, DELETE unsaves; both answer {saved}. */
const route = apiRouteAt("/api/v1/questions/{questionId}/save");
export const action = route.action;
export const loader = route.loader;
