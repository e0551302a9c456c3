/** Tells the server a question was presented in a team's meeting; the answer is whether it was remembered. */
export async function recordPresented(teamId: string, meetingId: string, questionId: string): Promise<boolean> {
  try {
    const response = await fetch(`/api/v1/teams/${teamId}/meetings/${meetingId}/uses`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ questionId, how: "presented" }),
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}
