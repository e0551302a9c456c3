import { questionMarkRoute } from "~/web/question-mark-route.server";

/** PUT hides a question from the member's generator ("don't show this again"), DELETE shows it again; both answer {hidden}. */
const route = questionMarkRoute("hidden");
export const action = route.action;
export const loader = route.loader;
