import { exportAccountData } from "~/domain/accounts/export.server";
import { database } from "~/services.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/profile.export";

/** GET /profile/export: the signed-in user's data as a JSON download. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await database();
  const body = JSON.stringify(await exportAccountData(db, user.id), null, 2);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="circleup-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
