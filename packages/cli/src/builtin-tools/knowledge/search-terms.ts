/**
 * Turns text into search terms that work for English and Chinese alike. Chinese has no
 * spaces between words, so runs of CJK characters become overlapping character pairs
 * ("拆封耳机" → 拆封, 封耳, 耳机): a two-character word in the query then matches the
 * same word in a passage without a dictionary. Latin words are lowercased and lightly
 * stemmed so "refunds", "refunded" and "refund" meet.
 */

/** Han, kana and hangul: scripts written without spaces between words. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const WORD = /[\p{Letter}\p{Number}]+(?:['’][\p{Letter}]+)?/gu;

/** Words too common to say anything about relevance. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in ' +
    'into is it its me my of on or our so than that the their them then there these they this ' +
    'to was we were what when where which who why will with would you your yours'
  ).split(' '),
);

/**
 * Particles and pronouns. A pair that contains one ("的耳", "机还", "货吗") spans a word
 * boundary and only adds noise, so such pairs are dropped, as stop words are in English.
 */
const FUNCTION_CHARS = new Set([...'的了吗呢吧啊呀是我你您他她它们这那也都就又']);

/** Search terms of `text`, in order, with repeats (their counts matter for scoring). */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  const normalized = text.normalize('NFKC');
  for (const run of normalized.match(CJK_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1 && !FUNCTION_CHARS.has(run)) terms.push(run);
    for (let index = 0; index + 1 < chars.length; index++) {
      const pair = chars[index]! + chars[index + 1]!;
      if (!FUNCTION_CHARS.has(chars[index]!) && !FUNCTION_CHARS.has(chars[index + 1]!)) {
        terms.push(pair);
      }
    }
  }
  for (const word of normalized.replace(CJK_RUN, ' ').toLowerCase().match(WORD) ?? []) {
    const bare = word.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (bare === '' || STOP_WORDS.has(bare)) continue;
    terms.push(stem(bare));
  }
  return terms;
}

/**
 * A deliberately light stemmer: plural and -ed/-ing endings, then a trailing "e", so
 * "charge", "charges", "charged" and "charging" all become "charg". It only has to map
 * related forms together consistently, not produce real words.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let base = word;
  if (base.endsWith('ies') && base.length > 4) base = `${base.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/.test(base)) {
    // "address", "status", "basis": not plurals.
  } else if (/(?:ches|shes|sses|xes|zes)$/.test(base)) base = base.slice(0, -2);
  else if (base.endsWith('s')) base = base.slice(0, -1);
  if (base.endsWith('ing') && base.length > 5) base = undouble(base.slice(0, -3));
  else if (base.endsWith('ed') && base.length > 4) base = undouble(base.slice(0, -2));
  if (base.endsWith('e') && base.length > 3) base = base.slice(0, -1);
  return base;
}

/** "shipp" → "ship", "stopp" → "stop"; "ll", "ss" and "zz" stay ("install", "pass"). */
function undouble(base: string): string {
  return /([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base;
}
