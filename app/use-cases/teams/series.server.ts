import { z } from "zod";
import { scheduleReminder } from "~/domain/chat/notices.server";
import { failure, type Outcome } from "~/domain/errors";
import { scheduleOpening } from "~/domain/teams/answers-ahead.server";
import {
  createSeries,
  deleteSeries,
  joinRotation,
  leaveRotation,
  skipNextHost,
  updateSeries,
} from "~/domain/teams/series.server";
import { isUuid } from "~/shared/ids";
import { seriesFormSchema } from "~/shared/series-schemas";
import { teamIdParam } from "../params";
import { defineUseCase, done } from "../use-case";
import { inTeam, teamOf } from "./scope";

const ok = z.object({ done: z.literal(true) });

/** A series id from the address: anything but an id is a series the team does not have. */
const seriesOfTeam = { teamId: teamIdParam, seriesId: z.string() };

async function inSeries(seriesId: string, change: () => Promise<Outcome>) {
  if (!isUuid(seriesId)) return failure("SERIES_NOT_FOUND");
  const changed = await change();
  return changed.ok ? done({ done: true as const }) : changed;
}

export const createMeetingSeries = defineUseCase({
  name: "teams.create-series",
  summary: "Sets up a meeting the team holds every week, every two weeks or every month; its creator hosts first.",
  input: z.object({ teamId: teamIdParam, series: seriesFormSchema }),
  output: z.object({ seriesId: z.uuid() }),
  actors: ["member"],
  team: inTeam("manage-series"),
  errors: ["SERIES_NOT_SAVED"],
  async run({ db, jobs }, _actor, { series }, scope) {
    const { teamId, userId } = teamOf(scope);
    const created = await createSeries(db, teamId, series, userId);
    if (!created.ok) return created;
    await scheduleOpening(db, jobs, created.seriesId);
    await scheduleReminder(db, jobs, created.seriesId);
    return done({ seriesId: created.seriesId });
  },
});

export const saveMeetingSeries = defineUseCase({
  name: "teams.save-series",
  summary:
    "Saves a series; the question prepared for its next meeting stays while it still fits, and its next opening ahead and its next chat reminder are queued by the saved rules.",
  input: z.object({ ...seriesOfTeam, series: seriesFormSchema }),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-series"),
  errors: ["SERIES_NOT_FOUND"],
  run: ({ db, jobs }, _actor, { seriesId, series }, scope) =>
    inSeries(seriesId, async () => {
      const saved = await updateSeries(db, teamOf(scope).teamId, seriesId, series);
      // Its meetings open by the saved rule from now on (or no longer open ahead).
      if (saved.ok) await scheduleOpening(db, jobs, seriesId);
      // And remind the team's chat by its saved reminder (or no longer).
      if (saved.ok) await scheduleReminder(db, jobs, seriesId);
      return saved;
    }),
});

export const deleteMeetingSeries = defineUseCase({
  name: "teams.delete-series",
  summary: "Deletes the series; its meetings, recaps and pulse stay in the team's history.",
  input: z.object(seriesOfTeam),
  output: ok,
  actors: ["member"],
  team: inTeam("manage-series"),
  errors: ["SERIES_NOT_FOUND"],
  run: ({ db }, _actor, { seriesId }, scope) =>
    inSeries(seriesId, () => deleteSeries(db, teamOf(scope).teamId, seriesId)),
});

export const joinHostRotation = defineUseCase({
  name: "teams.join-rotation",
  summary: "Opts the member in to host the series: they join the end of the rotation.",
  input: z.object(seriesOfTeam),
  output: ok,
  actors: ["member"],
  team: inTeam("run-meetings"),
  errors: ["SERIES_NOT_FOUND"],
  run: ({ db }, _actor, { seriesId }, scope) =>
    inSeries(seriesId, () => joinRotation(db, teamOf(scope).teamId, seriesId, teamOf(scope).userId)),
});

export const leaveHostRotation = defineUseCase({
  name: "teams.leave-rotation",
  summary: "Opts the member out of hosting the series: the rotation goes on without them.",
  input: z.object(seriesOfTeam),
  output: ok,
  actors: ["member"],
  team: inTeam("run-meetings"),
  errors: ["SERIES_NOT_FOUND"],
  run: ({ db }, _actor, { seriesId }, scope) =>
    inSeries(seriesId, () => leaveRotation(db, teamOf(scope).teamId, seriesId, teamOf(scope).userId)),
});

export const skipHost = defineUseCase({
  name: "teams.skip-host",
  summary: "The person due to host swaps places with the one after them.",
  input: z.object(seriesOfTeam),
  output: ok,
  actors: ["member"],
  team: inTeam("run-meetings"),
  errors: ["SERIES_NOT_FOUND", "SKIP_NEEDS_HOSTS"],
  run: ({ db }, _actor, { seriesId }, scope) =>
    inSeries(seriesId, () => skipNextHost(db, teamOf(scope).teamId, seriesId)),
});
