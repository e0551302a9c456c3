import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** Admins only: PATCH {source?, updates: {question}} changes the text; DELETE removes the question for good. */
const route = apiRouteAt("/api/v1/questions/{questionId}");
export const action = route.action;
export const loader = route.loader;
