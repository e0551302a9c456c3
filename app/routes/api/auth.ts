import { getAuth } from "~/services.server";
import { privateAnswer } from "~/web/private-page.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints under /api/auth/*: e-mail links (verify,
 * reset), Google's return, and JSON calls. Our pages reach the same
 * handler through app/web/accounts.server.ts. Every answer is about one
 * person (their session, their devices, their account), so none is kept by
 * a browser or shared cache.
 */
async function handle(request: Request): Promise<Response> {
  const auth = await getAuth();
  return privateAnswer(await auth.handler(request));
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
