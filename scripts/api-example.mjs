#!/usr/bin/env node
/**
 * A script that prepares a team's check-in with an API token, no browser and
 * no cookie: it generates a question, saves it to your list, lists the
 * team's own questions and writes one more, then starts a live round of the
 * question and ends it, as its host.
 *
 *   CIRCLEUP_URL=https://circleup.example CIRCLEUP_TOKEN=cu_... CIRCLEUP_TEAM=<team id> node scripts/api-example.mjs
 *
 * The token needs read and write access and must act for you (a personal
 * token): a team's token does not host rounds. Each step prints one line of
 * JSON; a refusal prints the API's error and its code, and exits with 1.
 */

const base = (process.env.CIRCLEUP_URL ?? "http://localhost:3000").replace(/\/$/, "");
const token = process.env.CIRCLEUP_TOKEN;
const teamId = process.env.CIRCLEUP_TEAM;
if (!token || !teamId) {
  console.error("Set CIRCLEUP_TOKEN (a token from your profile) and CIRCLEUP_TEAM (a team id from its address).");
  process.exit(2);
}

/**
 * One call of the API: JSON in, JSON out, the token in the Authorization header.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function call(method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const answer = text ? JSON.parse(text) : null;
  if (!response.ok) {
    console.error(JSON.stringify({ failed: `${method} ${path}`, status: response.status, ...answer }));
    process.exit(1);
  }
  return answer;
}

/**
 * @param {string} step
 * @param {Record<string, unknown>} detail
 */
function report(step, detail) {
  console.log(JSON.stringify({ step, ...detail }));
}

const generated = await call("POST", "/generate-question", {
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  teamId,
});
report("generated", { id: generated.id, question: generated.question });

await call("PUT", `/questions/${generated.id}/save`);
report("saved", { id: generated.id });

const before = await call("GET", `/teams/${teamId}/questions`);
report("listed", { count: before.questions.length });

const stamp = new Date().toISOString().slice(0, 16).replace("T", " ");
const written = await call("POST", `/teams/${teamId}/questions`, {
  question: `What is one thing you are looking forward to this week (${stamp})?`,
  type: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  categorySlug: "remote-teams",
});
report("written", { id: written.id });

const round = await call("POST", "/rounds", { questionIds: [generated.id] });
report("round-started", { code: round.code, joinUrl: round.joinUrl });

const ended = await call("POST", `/rounds/${round.code}/host`, { action: "end", position: 0 });
report("round-ended", { code: round.code, status: ended.view.status });
