import { z } from "zod";
import { changeAccess } from "~/domain/admin/access.server";
import { database } from "~/services.server";
import { PLANS } from "~/shared/accounts";
import { domainProblem, methodNotAllowed, parseJsonBody } from "~/web/http.server";
import { requireAdminApi } from "~/web/session.server";
import type { Route } from "./+types/admin.users";

const accessChangeSchema = z
  .object({ isAdmin: z.boolean().optional(), plan: z.enum(PLANS).optional() })
  .strict()
  .refine((v) => v.isAdmin !== undefined || v.plan !== undefined, { message: "Give isAdmin or plan" });

/** POST /api/v1/admin/users/{userId} with {isAdmin?, plan?}: grant or revoke admin and premium. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const admin = await requireAdminApi(request);
  const parsed = parseJsonBody(context, accessChangeSchema);
  if (!parsed.ok) return parsed.response;
  const { db } = await database();
  const result = await changeAccess(db, admin.id, params.userId, parsed.data);
  if (!result.ok) return domainProblem(result.error);
  const { userId, fullName, email, plan, isAdmin } = result.profile;
  return Response.json({ user: { id: userId, fullName, email, plan, isAdmin } });
}

export function loader() {
  return methodNotAllowed("POST");
}
