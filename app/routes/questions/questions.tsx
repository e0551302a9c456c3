import { PopularList } from "~/components/community/PopularList";
import { listQuestions } from "~/domain/community/list.server";
import { seo } from "~/lib/seo";
import { useViewer } from "~/lib/use-viewer";
import { database } from "~/services.server";
import { listQuerySchema } from "~/shared/community-schemas";
import { getUser } from "~/web/session.server";
import type { Route } from "./+types/questions";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await database();
  const query = listQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const user = await getUser(request);
  return { query, questionsPage: await listQuestions(db, query, user?.id ?? null) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Community questions",
    description:
      "Every check-in, energizer and check-out question hosts use and vote on, by meeting type: popular, newest and trending.",
    path: "/questions",
  });

/** The community's list on a page of its own: the same list as on the home page, without the generator above it. */
export default function Questions({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
        Questions hosts vote for
      </h1>
      <p className="mt-3 mb-8 max-w-2xl text-lg leading-relaxed text-ink-muted">
        The library and the questions members add, ranked by the hosts who use them. Find one for your next meeting.
      </p>
      <PopularList page={loaderData.questionsPage} query={loaderData.query} viewer={viewer} />
    </div>
  );
}
