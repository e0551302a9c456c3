import { MeetingTime, type NextMeetingData } from "./NextMeeting";

/** A series' next dates as the team's calendar shows them, so nobody has to work out "the first Thursday". */
export function UpcomingDates({ upcoming, timeOfDay }: { upcoming: NextMeetingData["upcoming"]; timeOfDay: string }) {
  return (
    <section aria-labelledby="upcoming-dates" className="mt-8">
      <h2 id="upcoming-dates" className="font-serif text-xl font-semibold text-ink">
        Next dates
      </h2>
      <ol className="mt-2 divide-y divide-line">
        {upcoming.map((meeting) => (
          <li key={meeting.at} className="py-2 text-ink">
            <MeetingTime meeting={meeting} timeOfDay={timeOfDay} />
          </li>
        ))}
      </ol>
    </section>
  );
}
