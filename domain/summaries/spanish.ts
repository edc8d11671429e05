/**
 * Spanish terms of a sentence for the extractive summarizer: lower-cased words without stop words,
 * reduced to their Snowball stem by @nlpjs/lang-es (so "habilitación" and "habilitaciones" count
 * as one term) and stripped of accents. Stems are cached: municipal texts repeat their vocabulary.
 */
import { createRequire } from 'node:module';

interface NlpStemmer {
  stemWord(word: string): string;
}
interface NlpStopwords {
  isStopword(word: string): boolean;
}

// @nlpjs/lang-es is CommonJS without types.
const nlp = createRequire(import.meta.url)('@nlpjs/lang-es') as {
  StemmerEs: new () => NlpStemmer;
  StopwordsEs: new () => NlpStopwords;
};
const stemmer = new nlp.StemmerEs();
const stopwords = new nlp.StopwordsEs();

/** Words the library's short list leaves out that carry no topic in administrative Spanish. */
const EXTRA_STOPWORDS = new Set(
  `
  a al algo algunas algunos ante antes aquel aquella aquellas aquellos aqui así asi aun aunque bajo bien cada casi como con contra
  cual cuales cualquier cuando de del desde donde dos durante el ella ellas ellos en entre era eran es esa esas ese eso esos esta
  estaba estado estan están estar este esto estos fue fueron ha haber había habia han hasta hay la las le les lo los mas más me
  mediante mismo misma mismos mismas mucho muy ni no nos o otra otras otro otros para pero poco por porque puede pueden que quien
  quienes se sea sean segun según ser si sí sido sin sino sobre son su sus tal también tambien tanto te tiene tienen toda todas
  todo todos tras tres un una unas uno unos y ya dicho dicha dichos dichas presente presentes debe deben deberá deberán podrá
  podrán será serán cuyo cuya cuyos cuyas
`
    .split(/\s+/)
    .filter(Boolean),
);

const cache = new Map<string, string | null>();
const CACHE_LIMIT = 50_000;

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The term a word counts as, or null for a stop word, a one- or two-letter word or a bare number of one digit. */
export function termOf(word: string): string | null {
  const lower = word.toLowerCase();
  const known = cache.get(lower);
  if (known !== undefined) return known;
  let term: string | null = null;
  if (lower.length > 2 && !EXTRA_STOPWORDS.has(lower) && !stopwords.isStopword(lower)) {
    term = /^\d+$/.test(lower) ? lower : stripAccents(stemmer.stemWord(lower));
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(lower, term);
  return term;
}

/** Words of lower-cased Spanish text (a narrower class than \\p{L}, and several times faster). */
const WORD = /[a-z0-9áéíóúüñàèìòùâêîôûäëïöç]+/g;

export function termsOf(sentence: string): string[] {
  const out: string[] = [];
  const words = sentence.toLowerCase().match(WORD);
  if (!words) return out;
  for (const word of words) {
    const term = termOf(word);
    if (term) out.push(term);
  }
  return out;
}
