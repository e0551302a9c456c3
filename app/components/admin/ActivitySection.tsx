import type { DailyActivity } from "~/shared/analytics";
import { ActivityChart } from "./ActivityChart";
import { AdminSection } from "./AdminSection";

export function ActivitySection({ activity }: { activity: DailyActivity[] }) {
  return (
    <AdminSection id="activity" title="Activity">
      <div className="mt-4">
        <ActivityChart data={activity} />
      </div>
    </AdminSection>
  );
}
