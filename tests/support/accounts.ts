import { expect } from "vitest";
import type { HttpClient } from "./http-client";
import { linksIn, type SmtpTestServer } from "./smtp";

export const TEST_PASSWORD = "correct horse battery";

/** Signs up through the page's form and opens the verification link from the received mail: signed in afterwards. */
export async function signUpAndVerify(
  http: HttpClient,
  smtp: SmtpTestServer,
  email: string,
  password = TEST_PASSWORD,
): Promise<void> {
  const response = await http.postForm("/sign-up", { fullName: "Ada Lovelace", email, password });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(`/verify-email?email=${encodeURIComponent(email)}`);
  const mail = await smtp.waitForMessage((m) => m.to.includes(email) && /verify/i.test(m.subject), 15_000);
  const link = linksIn(mail).find((l) => l.includes("/api/auth/verify-email"));
  expect(link).toBeDefined();
  await http.follow(link as string);
}
