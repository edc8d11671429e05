/**
 * The offline summarizer: picks the most representative sentences of the text itself, so it needs
 * no network and writes nothing the text does not say.
 *
 * Each sentence becomes a TF-IDF vector over its Spanish terms (spanish.ts; a sentence plays the
 * part of a document for the IDF). A sentence's score is its cosine with the centroid of all
 * sentence vectors — how much it speaks of what the whole text speaks of — lowered for sentences
 * of fewer than five terms (headings, signatures) and raised a little for the opening sentences,
 * where administrative texts state their purpose. The best sentences are taken while they fit the
 * cap (at most three, none too close to one already taken) and returned in text order.
 * Deterministic: ties go to the earlier sentence. Linear in the text's length.
 */
import { capAtSentences, cutAtWord, splitSentences } from './text.js';
import { termsOf } from './spanish.js';
import { SUMMARY_MAX_CHARS, type Summarizer, type Summary, type SummaryRequest } from './types.js';

export const EXTRACTIVE_MODEL = 'tfidf-centroid-es-v1';

export interface ExtractOptions {
  maxChars?: number;
  maxSentences?: number;
}

/** A sentence's TF-IDF vector: term ids and unit-length weights, side by side. */
interface Vector {
  ids: Int32Array;
  weights: Float64Array;
}

interface Scored {
  index: number;
  sentence: string;
  vector: Vector;
  score: number;
}

/** Sentences with more similarity to one already chosen say the same thing again. */
const REDUNDANT = 0.5;
const SHORT_TERMS = 5;

function weigh(terms: Int32Array, idf: Float64Array): Vector {
  const counts = new Map<number, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  const ids = new Int32Array(counts.size);
  const weights = new Float64Array(counts.size);
  let i = 0;
  let norm = 0;
  for (const [t, tf] of counts) {
    const w = (1 + Math.log(tf)) * idf[t]!;
    ids[i] = t;
    weights[i++] = w;
    norm += w * w;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let j = 0; j < weights.length; j++) weights[j]! /= norm;
  return { ids, weights };
}

/** Dot product of a sparse vector with a dense one. */
function dotDense(v: Vector, dense: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < v.ids.length; i++) sum += v.weights[i]! * dense[v.ids[i]!]!;
  return sum;
}

/** The chosen sentences, in text order; each is a sentence of the text (the only one, cut at a word if it alone exceeds the cap). */
export function extractSentences(text: string, options: ExtractOptions = {}): string[] {
  const maxChars = options.maxChars ?? SUMMARY_MAX_CHARS;
  const maxSentences = options.maxSentences ?? 3;
  const sentences = splitSentences(text);
  if (sentences.length === 0) return [];

  // Terms become small integers, so vectors are typed arrays and the centroid a dense one.
  const idOf = new Map<string, number>();
  const df: number[] = [];
  const termLists = sentences.map((sentence) => {
    const terms = termsOf(sentence);
    const ids = new Int32Array(terms.length);
    const seen = new Set<number>();
    terms.forEach((term, i) => {
      let id = idOf.get(term);
      if (id === undefined) {
        id = df.length;
        idOf.set(term, id);
        df.push(0);
      }
      ids[i] = id;
      if (!seen.has(id)) {
        seen.add(id);
        df[id]!++;
      }
    });
    return ids;
  });
  const n = sentences.length;
  const idf = Float64Array.from(df, (count) => Math.log((n + 1) / count));

  const scored: Scored[] = sentences.map((sentence, index) => ({
    index,
    sentence,
    vector: weigh(termLists[index]!, idf),
    score: 0,
  }));
  const centroid = new Float64Array(df.length);
  for (const s of scored)
    for (let i = 0; i < s.vector.ids.length; i++) centroid[s.vector.ids[i]!]! += s.vector.weights[i]!;
  let centroidNorm = 0;
  for (const w of centroid) centroidNorm += w * w;
  centroidNorm = Math.sqrt(centroidNorm) || 1;
  const leadSpan = Math.max(3, Math.ceil(n * 0.1));
  for (const s of scored) {
    const brevity = Math.min(1, termLists[s.index]!.length / SHORT_TERMS);
    const lead = s.index < leadSpan ? 1.15 : 1;
    s.score = (dotDense(s.vector, centroid) / centroidNorm) * brevity * lead;
  }

  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: Scored[] = [];
  const chosenDense: Float64Array[] = [];
  let length = 0;
  for (const s of ranked) {
    if (chosen.length >= maxSentences) break;
    if (s.score <= 0 && chosen.length > 0) break;
    const added = s.sentence.length + (chosen.length ? 1 : 0);
    if (length + added > maxChars) continue;
    if (chosenDense.some((dense) => dotDense(s.vector, dense) > REDUNDANT)) continue;
    chosen.push(s);
    const dense = new Float64Array(df.length);
    for (let i = 0; i < s.vector.ids.length; i++) dense[s.vector.ids[i]!] = s.vector.weights[i]!;
    chosenDense.push(dense);
    length += added;
  }
  if (chosen.length === 0) return [cutAtWord(ranked[0]!.sentence, maxChars)];
  return chosen.sort((a, b) => a.index - b.index).map((s) => s.sentence);
}

export class ExtractiveSummarizer implements Summarizer {
  readonly provider = 'extractive' as const;
  readonly model = EXTRACTIVE_MODEL;

  async summarize(request: SummaryRequest): Promise<Summary> {
    return {
      text: capAtSentences(extractSentences(request.text).join(' '), SUMMARY_MAX_CHARS),
      provider: this.provider,
      model: this.model,
    };
  }
}
