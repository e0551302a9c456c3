import { SavedQuestionsPage } from "~/components/saved/SavedQuestionsPage";
import { listSaved } from "~/domain/community/saves.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { requireUser } from "~/web/session.server";
import type { Route } from "./+types/saved-questions";

export { privatePageHeaders as headers } from "~/web/private-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await database();
  return { saved: await listSaved(db, user.id) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Saved questions",
    description: "The questions you saved for your meetings.",
    path: "/saved-questions",
    noindex: true,
  });

export default function SavedQuestions({ loaderData }: Route.ComponentProps) {
  return <SavedQuestionsPage saved={loaderData.saved} viewer={useViewer()} />;
}
