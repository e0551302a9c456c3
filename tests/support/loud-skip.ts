/**
 * A part of the suite that cannot run here says so in a way nobody misses;
 * under CI (CI=true) it is a failure instead.
 */
export function skipOrFail(part: string, reason: string): void {
  if (process.env.CI === "true") {
    throw new Error(`${part} cannot run under CI: ${reason}`);
  }
  const line = "!".repeat(78);
  console.warn(
    `\n${line}\n!!! SKIPPING ${part}: ${reason}\n!!! These tests did NOT run. Under CI=true this is a failure.\n${line}\n`,
  );
}
