/**
 * Operators' admin grants, run against the configured database:
 *   npm run admin -- grant someone@example.com
 *   npm run admin -- revoke someone@example.com
 */

import { setAdminByEmail } from "~/domain/admin/access.server";
import { closeDatabase, database } from "~/services.server";

const USAGE = "Usage: npm run admin -- grant|revoke <email>";

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !email) {
    console.error(USAGE);
    return 2;
  }
  const { db } = await database();
  const result = await setAdminByEmail(db, email, command === "grant");
  if (!result.ok) {
    console.error(result.error.message);
    return 1;
  }
  console.log(`${result.profile.email} is ${result.profile.isAdmin ? "now an admin" : "no longer an admin"}.`);
  return 0;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDatabase();
    process.exit(1);
  });
