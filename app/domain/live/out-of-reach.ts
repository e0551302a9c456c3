import { DomainError } from "../errors";

/**
 * A code read without the right to read it: no round has the code, or the
 * browser holds no seat in it (neither the host's nor a participant's).
 * Both answer the same status and the same words, so trying codes tells
 * nobody which ones are live, and both count against the address (the web
 * edge recognises this code, never its message).
 */
export class RoundOutOfReach extends DomainError {
  override name = "RoundOutOfReach";
  constructor() {
    super({ code: "ROUND_OUT_OF_REACH", params: {} });
  }
}

export const roundOutOfReach = (): { ok: false; error: DomainError } => ({ ok: false, error: new RoundOutOfReach() });
