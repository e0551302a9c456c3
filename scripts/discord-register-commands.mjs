#!/usr/bin/env node
/**
 * Registers CircleUp's `/circleup` slash command with Discord, once per
 * application (and again only when the command's definition changes). It
 * signs in as the application itself (OAuth2 client credentials with the
 * `applications.commands.update` scope), so no bot token is needed, and
 * replaces the application's global commands with this one.
 *
 *   DISCORD_APPLICATION_ID=... DISCORD_CLIENT_SECRET=... node scripts/discord-register-commands.mjs
 *
 * DISCORD_API_URL points it elsewhere (default https://discord.com/api/v10).
 * Prints the registered command as JSON; a refusal prints Discord's answer
 * and exits with 1.
 */

const api = (process.env.DISCORD_API_URL ?? "https://discord.com/api/v10").replace(/\/+$/, "");
const applicationId = process.env.DISCORD_APPLICATION_ID;
const clientSecret = process.env.DISCORD_CLIENT_SECRET;
if (!applicationId || !clientSecret) {
  console.error("Set DISCORD_APPLICATION_ID and DISCORD_CLIENT_SECRET (the application's OAuth2 page).");
  process.exit(2);
}

/** A chat-input command, usable in the servers that installed the app (guild install, guild channels). */
const commands = [
  {
    name: "circleup",
    type: 1,
    description: "A question for the moment, only for you, with Another and Start a round",
    integration_types: [0],
    contexts: [0],
  },
];

/**
 * Discord's JSON answer, or the refusal printed and the script ended.
 * @param {Response} response
 * @param {string} what
 * @returns {Promise<any>}
 */
async function answer(response, what) {
  const text = await response.text();
  if (!response.ok) {
    console.error(`${what} was refused (${response.status}): ${text}`);
    process.exit(1);
  }
  return JSON.parse(text);
}

const granted = await answer(
  await fetch(`${api}/oauth2/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${applicationId}:${clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials", scope: "applications.commands.update" }),
  }),
  "Signing in as the application",
);

const registered = await answer(
  await fetch(`${api}/applications/${applicationId}/commands`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${granted.access_token}` },
    body: JSON.stringify(commands),
  }),
  "Registering the command",
);
console.log(
  JSON.stringify(
    registered.map((/** @type {{ id: string, name: string, description: string }} */ c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
    })),
  ),
);
