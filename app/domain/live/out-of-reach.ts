import { DomainError } from "../errors";

/**
 * A code read without the right to read it: no round has the code, or the
 * browser holds no seat in it (neither the host's nor a participant's).
 * Both answer the same status and the same words, so trying codes tells
 * nobody which ones are live, and both count against the address (the web
 * edge recognises this class, never its message).
 */
export class RoundOutOfReach extends DomainError {
  override name = "RoundOutOfReach";
  constructor() {
    super("NOT_FOUND", "No round has this code, or you have not joined it: check the code with your host");
  }
}

export const roundOutOfReach = (): { ok: false; error: DomainError } => ({ ok: false, error: new RoundOutOfReach() });
