import QRCode from "qrcode";
import { config } from "~/config.server";
import type { Outcome } from "~/domain/errors";
import { RoundOutOfReach } from "~/domain/live/out-of-reach";
import type { LiveCredentials } from "~/domain/live/rounds.server";
import { appSecret, database } from "~/services.server";
import { isJoinCode, normalizeJoinCode, type RoundRole } from "~/shared/live";
import type { RoundSeats } from "~/use-cases/actors";
import { withinReach } from "~/use-cases/live/reach.server";
import { domainProblem } from "./http.server";
import { getUser } from "./session.server";

/** Each round has its own cookies, so a device can host one round and join another. */
const hostCookieName = (code: string) => `cu_live_host_${code}`;
const participantCookieName = (code: string) => `cu_live_${code}`;
/** A room screen opened by the room link keeps its key here, so the address on the projector carries no secret. */
const roomCookieName = (code: string) => `cu_live_room_${code}`;

function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

function cookie(name: string, value: string, expiresAt: Date): string {
  const secure = config().publicUrl.startsWith("https://") ? "; Secure" : "";
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** The seats this browser holds in the round, from its per-round cookies. */
export function roundSeats(request: Request, code: string): RoundSeats {
  const roomKey = readCookie(request, roomCookieName(code));
  return {
    code,
    hostToken: readCookie(request, hostCookieName(code)),
    participantToken: readCookie(request, participantCookieName(code)),
    room: roomKey ? { key: roomKey, secret: appSecret() } : null,
  };
}

/** The round's tokens this browser holds, and the member signed in (an owner hosts from any device). */
export async function liveCredentials(request: Request, code: string): Promise<LiveCredentials> {
  const { code: _, ...seats } = roundSeats(request, code);
  return { ...seats, userId: (await getUser(request))?.id ?? null };
}

/** The room link's key as its page was opened with it (`?key=`), checked by the domain with the app's secret. */
export function roomLinkCredentials(key: string): LiveCredentials {
  return { room: { key, secret: appSecret() } };
}

export function hostCookie(code: string, token: string, expiresAt: Date): string {
  return cookie(hostCookieName(code), token, expiresAt);
}

export function participantCookie(code: string, token: string, expiresAt: Date): string {
  return cookie(participantCookieName(code), token, expiresAt);
}

/** Kept as long as the round's joins are: a room screen has nothing to show after that. */
export function roomCookie(code: string, key: string, closesAt: Date): string {
  return cookie(roomCookieName(code), key, closesAt);
}

/** The join link's QR code as an SVG document, drawn on the server so no phone or host screen downloads a QR library. */
export function hostQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 1,
    color: { dark: "#1c1917", light: "#ffffff" },
  });
}

/** The link people open to join, on this site's public address. */
export function joinUrl(path: string): string {
  return new URL(path, config().publicUrl).toString();
}

/** A join code from the path, as people type it; anything that cannot be a code is a 404 before the database is asked. */
export function roundCodeParam(value: string | undefined): string {
  const code = normalizeJoinCode(value ?? "");
  if (!isJoinCode(code)) throw domainProblem(new RoundOutOfReach());
  return code;
}

/** Which screen asks: `?as=host` for the host screen, `?as=room` for the room's, anything else is a participant's. */
export function requestedRole(request: Request): RoundRole {
  const as = new URL(request.url).searchParams.get("as");
  return as === "host" || as === "room" ? as : "participant";
}

/** Reads a round by its code for a client address, within the reach the use cases hold it to (withinReach). */
export async function readRoundByCode<T extends object>(
  clientIp: string | null,
  read: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  return withinReach({ db: (await database()).db, secret: appSecret() }, clientIp, read);
}
