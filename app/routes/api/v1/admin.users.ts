import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** POST {isAdmin?, plan?}: an admin grants or revokes admin rights and Premium. */
const route = apiRouteAt("/api/v1/admin/users/{userId}");
export const action = route.action;
export const loader = route.loader;
