/**
 * npm run teams:package — the Microsoft Teams app package to upload in
 * Teams (Apps, Manage your apps, Upload an app) or the Teams admin center:
 * integrations/teams/manifest.json with its placeholders filled in from
 * TEAMS_APP_ID and PUBLIC_URL, and its two icons, zipped into
 * integrations/teams/circleup-teams.zip.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const teamsDir = fileURLToPath(new URL("../integrations/teams/", import.meta.url));
const appId = process.env.TEAMS_APP_ID?.trim() ?? "";
const publicUrl = (process.env.PUBLIC_URL?.trim() ?? "").replace(/\/+$/, "");

if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(appId)) {
  console.error("TEAMS_APP_ID must be the Azure Bot's Microsoft App ID (a GUID such as 1f2e...-...).");
  process.exit(1);
}
if (!publicUrl.startsWith("https://")) {
  console.error(
    "PUBLIC_URL must be CircleUp's public https address (Teams only talks to https), such as https://circleup.example.",
  );
  process.exit(1);
}

// The manifest's placeholders, written ${{NAME}} as the Teams Toolkit writes them.
const values: Record<string, string> = {
  TEAMS_APP_ID: appId,
  PUBLIC_URL: publicUrl,
  PUBLIC_HOST: new URL(publicUrl).host,
};
const manifest = fs
  .readFileSync(`${teamsDir}manifest.json`, "utf8")
  .replace(/\$\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
JSON.parse(manifest);

/**
 * A zip archive of a few files, deflated (the format's method 8), written
 * here because the package is three small files and a zip tool is not on
 * every machine: local headers, then the central directory, then its end.
 */
function zip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, "utf8");
    const packed = zlib.deflateRawSync(file.data);
    const crc = zlib.crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00, so the same files give the same archive
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(0x00210000, 12);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(file.data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const out = `${teamsDir}circleup-teams.zip`;
fs.writeFileSync(
  out,
  zip([
    { name: "manifest.json", data: Buffer.from(manifest, "utf8") },
    { name: "color.png", data: fs.readFileSync(`${teamsDir}color.png`) },
    { name: "outline.png", data: fs.readFileSync(`${teamsDir}outline.png`) },
  ]),
);
console.log(`Wrote ${out}: upload it in Teams (Apps, Manage your apps, Upload an app) or the Teams admin center.`);
