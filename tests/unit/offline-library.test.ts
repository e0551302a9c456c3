import { describe, expect, it } from "vitest";
import {
  type OfflineQuestion,
  packOfflineLibrary,
  pickOffline,
  sliceForOffline,
  unpackOfflineLibrary,
} from "~/shared/offline-library";
import type { GeneratorChoice } from "~/shared/questions";

let n = 0;
const question = (over: Partial<OfflineQuestion> = {}): OfflineQuestion => ({
  id: `q${++n}`,
  question: `Question ${n}?`,
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  categorySlug: "remote-teams",
  source: "curated",
  alsoIn: [],
  meetingBound: false,
  ...over,
});

const choice: GeneratorChoice = {
  meetingContext: "check-in",
  questionStyle: "reflective",
  engagementLevel: "standard",
  categorySlug: null,
};

describe("the offline slice of the library", () => {
  it("keeps the first 30 questions of each choice, and all of a choice that has fewer", () => {
    const many = Array.from({ length: 45 }, () => question());
    const few = Array.from({ length: 4 }, () => question({ questionStyle: "playful" }));
    const slice = sliceForOffline([...many, ...few]);
    expect(slice).toEqual([...many.slice(0, 30), ...few]);
  });

  it("keeps a category's own questions beyond the 30 of any meeting", () => {
    const anyMeeting = Array.from({ length: 30 }, () => question({ categorySlug: "daily-standup" }));
    const retro = question({ categorySlug: "retrospectives" });
    expect(sliceForOffline([...anyMeeting, retro])).toContain(retro);
  });

  it("travels packed and comes back the same", () => {
    const questions = [
      question({ alsoIn: ["daily-standup"] }),
      question({ meetingBound: true, source: "ai_generated" }),
    ];
    expect(unpackOfflineLibrary(packOfflineLibrary({ version: "v", questions }))).toEqual({ version: "v", questions });
  });
});

describe("a question from the offline slice", () => {
  const library = (questions: OfflineQuestion[]) => ({ version: "v", questions });

  it("is one of the exact choice not yet seen, and names nothing relaxed", () => {
    const [seen, unseen] = [question(), question()];
    const pick = pickOffline(library([seen!, unseen!, question({ engagementLevel: "quick" })]), choice, [seen!.id]);
    expect(pick?.question.id).toBe(unseen!.id);
    expect(pick?.relaxed).toEqual([]);
  });

  it("widens as the generator does, naming what it relaxed, when the exact choice is all seen", () => {
    const [seen, quick] = [question(), question({ engagementLevel: "quick" })];
    const pick = pickOffline(library([seen!, quick!, question({ meetingContext: "focus" })]), choice, [seen!.id]);
    expect(pick?.question.id).toBe(quick!.id);
    expect(pick?.relaxed).toEqual([{ field: "engagementLevel", asked: "standard", served: "quick" }]);
  });

  it("never serves the last question twice in a row while another fits, once everything was seen", () => {
    const [a, b] = [question(), question()];
    expect(pickOffline(library([a!, b!]), choice, [a!.id, b!.id])?.question.id).toBe(a!.id);
    expect(pickOffline(library([a!, b!]), choice, [b!.id, a!.id])?.question.id).toBe(b!.id);
  });

  it("serves a question that names a kind of meeting in its own category only", () => {
    const bound = question({ categorySlug: "retrospectives", meetingBound: true, alsoIn: ["team-building"] });
    expect(pickOffline(library([bound]), choice, [])).toBeNull();
    expect(pickOffline(library([bound]), { ...choice, categorySlug: "team-building" }, [])).toBeNull();
    expect(pickOffline(library([bound]), { ...choice, categorySlug: "retrospectives" }, [])?.question.id).toBe(
      bound.id,
    );
  });
});
