import { MeetingTime, type NextMeetingData } from "./NextMeeting";

/**
 * The dates after a series' next meeting as the team's calendar shows them, so
 * nobody has to work out "the first Thursday". The next one is not repeated:
 * the next meeting's card above names it.
 */
export function UpcomingDates({ upcoming, timeOfDay }: { upcoming: NextMeetingData["upcoming"]; timeOfDay: string }) {
  const later = upcoming.slice(1);
  if (later.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-dates" className="mt-8">
      <h2 id="upcoming-dates" className="font-serif text-xl font-semibold text-ink">
        Later dates
      </h2>
      <ol className="mt-2 divide-y divide-line">
        {later.map((meeting) => (
          <li key={meeting.at} className="py-2 text-ink">
            <MeetingTime meeting={meeting} timeOfDay={timeOfDay} />
          </li>
        ))}
      </ol>
    </section>
  );
}
