import { AdminSection } from "./AdminSection";

type AuditRow = {
  id: string;
  createdAt: Date | string;
  /** The acting admin's address, or "command line". */
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
};

/** The latest admin actions, with the values before and after each as JSON. */
export function AuditLog({ audit }: { audit: AuditRow[] }) {
  return (
    <AdminSection id="audit" title="Audit log">
      {audit.length === 0 ? (
        <p className="mt-3 text-ink-muted">No admin actions yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  When (UTC)
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Action
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Before
                </th>
                <th scope="col" className="py-2 font-semibold">
                  After
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line align-top text-ink">
              {audit.map((a) => (
                <tr key={a.id}>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {new Date(a.createdAt).toISOString().slice(0, 16).replace("T", " ")}
                  </td>
                  <td className="py-2 pr-4">{a.actor}</td>
                  <td className="py-2 pr-4">{a.action}</td>
                  <td className="py-2 pr-4 break-all font-mono text-xs">{a.before ? JSON.stringify(a.before) : ""}</td>
                  <td className="py-2 break-all font-mono text-xs">{a.after ? JSON.stringify(a.after) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  );
}
