import { apiRouteAt } from "~/web/adapters/api-routes.server";

/** GET lists the questions the team wrote (members); POST writes a private one (curators): 201 {id}, or 200 {id, savedPublished: true, notice} when the text is already published and was saved to the collection instead. */
const route = apiRouteAt("/api/v1/teams/{teamId}/questions");
export const action = route.action;
export const loader = route.loader;
