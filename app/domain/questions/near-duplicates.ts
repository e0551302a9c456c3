import { normalizeQuestionText } from "~/shared/questions";

/**
 * Finds the same question said differently: each question becomes a sparse
 * TF-IDF vector over its stemmed content words and their word pairs, and two
 * questions whose vectors point the same way (cosine similarity at or above
 * the threshold) ask the same thing. Rare shared words weigh more than
 * common ones, so "favourite snack" and "snack you like best" meet while
 * every "What ... this week?" does not. Candidates come from an inverted
 * index, so a library of thousands is compared in well under a second.
 */

/** Cosine similarity from which two questions ask the same thing; tuned on tests/unit/fixtures/near-duplicates.json. */
export const NEAR_DUPLICATE_SIMILARITY = 0.65;

const STOP_WORDS = new Set(
  (
    "a an the and or but if of to in on at for with from by about as into over after before up down out off " +
    "during through since around across between among within without while like whether " +
    "is are was were be been being am do does did done have has had having will would could should can may might must shall " +
    "i you your yours yourself we our us they them their he she it its this that these those there here " +
    "what which who whom whose when where why how one some any each every all just " +
    "me my mine so than then too very really also still even ever ok thing things something " +
    "let lets tell say said name pick right now"
  ).split(" "),
);

/** Spellings and near-synonyms written one way, so a rewording with a different word still meets. */
const SAME_WORD: Record<string, string> = {
  favourite: "favorite",
  colour: "color",
  realise: "realize",
  realised: "realize",
  organise: "organize",
  teammate: "colleague",
  teammates: "colleague",
  coworker: "colleague",
  coworkers: "colleague",
  colleagues: "colleague",
  biggest: "big",
  proudest: "proud",
  hardest: "hard",
  toughest: "hard",
  tough: "hard",
  difficult: "hard",
  easiest: "easy",
  funniest: "funny",
  strangest: "strange",
  weirdest: "strange",
  oddest: "strange",
  weird: "strange",
  odd: "strange",
};

/** A small suffix stripper: enough to meet "learning", "learned" and "learns" at "learn". */
function stem(word: string): string {
  const base = SAME_WORD[word] ?? word;
  if (base.length <= 4) return base;
  const rules: [RegExp, string][] = [
    [/ies$/, "y"],
    [/ied$/, "y"],
    [/(ss)$/, "$1"],
    [/ness$/, ""],
    [/fulness$/, "ful"],
    [/ments?$/, ""],
    [/ations?$/, "ate"],
    [/ingly$/, ""],
    [/edly$/, ""],
    [/ly$/, ""],
    [/ing$/, ""],
    [/ed$/, ""],
    [/es$/, "e"],
    [/s$/, ""],
  ];
  for (const [pattern, replacement] of rules) {
    if (!pattern.test(base)) continue;
    const stemmed = base.replace(pattern, replacement);
    // Keep a word recognisable: never strip it below three letters.
    return stemmed.length >= 3 ? stemmed.replace(/(.)\1$/, "$1").replace(/e$/, "") : base;
  }
  return base.replace(/e$/, "");
}

/** The features a question is compared on: its stemmed content words and each pair of neighbours. */
function features(text: string): string[] {
  const stems = normalizeQuestionText(text)
    .split(" ")
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
  const pairs = stems.slice(1).map((word, i) => `${stems[i]} ${word}`);
  return [...stems, ...pairs];
}

/** A word pair counts for less than a word: it confirms the order, the words carry the meaning. */
const PAIR_WEIGHT = 0.5;
const featureWeight = (feature: string) => (feature.includes(" ") ? PAIR_WEIGHT : 1);

type SparseVector = Map<string, number>;

/** TF-IDF vectors of a set of texts, each of length one, with the inverted index that finds candidates. */
function tfidfVectors(texts: readonly string[]): { vectors: SparseVector[]; postings: Map<string, number[]> } {
  const counted = texts.map((text) => {
    const counts = new Map<string, number>();
    for (const feature of features(text)) counts.set(feature, (counts.get(feature) ?? 0) + 1);
    return counts;
  });
  const postings = new Map<string, number[]>();
  counted.forEach((counts, index) => {
    for (const feature of counts.keys()) {
      const list = postings.get(feature);
      if (list) list.push(index);
      else postings.set(feature, [index]);
    }
  });
  const total = texts.length;
  const vectors = counted.map((counts) => {
    const vector: SparseVector = new Map();
    let norm = 0;
    for (const [feature, count] of counts) {
      const weight =
        featureWeight(feature) * (1 + Math.log(count)) * Math.log(1 + total / (postings.get(feature)?.length ?? 1));
      vector.set(feature, weight);
      norm += weight * weight;
    }
    const length = Math.sqrt(norm) || 1;
    for (const [feature, weight] of vector) vector.set(feature, weight / length);
    return vector;
  });
  return { vectors, postings };
}

export type NearDuplicate = { a: number; b: number; similarity: number };

/** Pairs (indexes into `texts`, a < b) whose cosine similarity is at least `threshold`, most similar first. */
export function findNearDuplicates(
  texts: readonly string[],
  threshold: number = NEAR_DUPLICATE_SIMILARITY,
): NearDuplicate[] {
  const { vectors, postings } = tfidfVectors(texts);
  // Each feature's documents with their weights, so a dot product never looks a feature up again.
  const weighted = new Map<string, { docs: Int32Array; weights: Float64Array }>();
  for (const [feature, docs] of postings)
    weighted.set(feature, {
      docs: Int32Array.from(docs),
      weights: Float64Array.from(docs, (doc) => vectors[doc]?.get(feature) ?? 0),
    });
  const dot = new Float64Array(texts.length);
  const touched: number[] = [];
  const pairs: NearDuplicate[] = [];
  vectors.forEach((vector, a) => {
    for (const [feature, weight] of vector) {
      const posting = weighted.get(feature);
      if (!posting) continue;
      const { docs, weights } = posting;
      for (let i = docs.length - 1; i >= 0; i--) {
        const b = docs[i] as number;
        if (b <= a) break;
        if (dot[b] === 0) touched.push(b);
        dot[b] = (dot[b] as number) + weight * (weights[i] as number);
      }
    }
    for (const b of touched) {
      if ((dot[b] ?? 0) >= threshold) pairs.push({ a, b, similarity: dot[b] ?? 0 });
      dot[b] = 0;
    }
    touched.length = 0;
  });
  return pairs.sort((x, y) => y.similarity - x.similarity);
}

/** The similarity of chosen pairs, weighted by a corpus (the library) so rare words count as they do there. */
export function pairSimilarities(corpus: readonly string[], pairs: readonly [string, string][]): number[] {
  const texts = [...corpus, ...pairs.flat()];
  const { vectors } = tfidfVectors(texts);
  return pairs.map((_, i) => {
    const a = vectors[corpus.length + 2 * i];
    const b = vectors[corpus.length + 2 * i + 1];
    if (!a || !b) return 0;
    let sum = 0;
    for (const [feature, weight] of a) sum += weight * (b.get(feature) ?? 0);
    return sum;
  });
}
