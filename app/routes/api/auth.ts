import { getAuth } from "~/services.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints under /api/auth/*: e-mail links (verify,
 * reset), Google's return, and JSON calls. Our pages reach the same
 * handler through lib/auth-endpoint.server.ts.
 */
async function handle(request: Request): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
