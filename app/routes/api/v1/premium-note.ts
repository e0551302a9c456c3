import { dismissPremiumNote } from "~/domain/accounts/premium-note.server";
import { database } from "~/services.server";
import { methodNotAllowed } from "~/web/http.server";
import { requireUserApi } from "~/web/session.server";
import type { Route } from "./+types/premium-note";

/** POST /api/v1/premium-note: the member puts away the note on what Premium adds, for good. Answers {dismissed: true}. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUserApi(request);
  await dismissPremiumNote((await database()).db, user.id);
  return Response.json({ dismissed: true }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
