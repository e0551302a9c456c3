import { questionMarkRoute } from "~/web/question-mark-route.server";

/** PUT saves, DELETE unsaves /api/v1/questions/{id}/save; both answer {saved}. */
const route = questionMarkRoute("saved");
export const action = route.action;
export const loader = route.loader;
