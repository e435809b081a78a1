import nlp from 'compromise';

/** What a post is about, as the offline writer reads it. */
export interface PostReading {
  /** Good news (a new role, a launch, a milestone), a loss (a layoff, a death, a closure), or neither. */
  mood: 'good' | 'loss' | 'neutral';
  /** The kind of good news or loss, named as a comment would: "the new role", "the layoff". */
  event: string;
  /** Key phrases, most telling first; at least one ("this" when nothing could be read). */
  phrases: string[];
  /** A named company, product or person the post mentions, if any. */
  name: string | null;
  /** The post asks its readers something. */
  asks: boolean;
  english: boolean;
  /** -1 … 1 from a small lexicon: how the post feels, beyond its news. */
  sentiment: number;
  /** A layoff the author went through ("I was let go"), or one they had to make ("we let go of 40 colleagues"). */
  layoff: 'mine' | 'theirs' | null;
}

/** The author had to let people go: an employer's post, not a job seeker's. */
const LAYOFF_BY_AUTHOR =
  /\b((we|i) (had to|have to|have had to|decided to|made the (hard |difficult )?decision to) (let go|lay off|part ways)|(we|i) (let go|laid off) (of )?\d|(we('re| are)|i'?m) restructuring|affected (colleagues|team members|employees))\b/i;

const LOSS: [RegExp, string][] = [
  [
    /\b(laid off|lay-?offs?|let go|redundan\w*|job loss|lost (my|our) jobs?|position (was )?eliminated|restructuring)\b/i,
    'the layoff',
  ],
  [
    /\b(passed away|funeral|grie(f|ving)|in memory of|rest in peace|we lost|lost (my|our) (mother|father|mom|dad|friend|brother|sister|son|daughter|wife|husband))\b/i,
    'your loss',
  ],
  [
    /\b(shut(ting)? down|closing (our|the) doors|wind(ing)? down|went bankrupt|bankruptcy)\b/i,
    'the closure',
  ],
  [/\b(fired|burn-?out|miscarriage|diagnos(ed|is)|cancer)\b/i, 'what you are going through'],
];

const GOOD: [RegExp, string][] = [
  [
    /\b(new (role|position|job|chapter)|(i'?ve|i have|just) joined|joining|started (a new|my new)|promoted|promotion|accepted (an|a) offer|first day)\b/i,
    'the new role',
  ],
  [
    /\b(launch(ed|ing)?|went live|is live|now live|shipped|released|introducing|unveil(ed|ing))\b/i,
    'the launch',
  ],
  [/\b(raised|funding round|seed round|series [a-d])\b/i, 'the round'],
  [
    /\b(milestone|anniversary|\d[\d,.]*k? (customers|users|followers|subscribers)|years? in business|award|won|graduat(ed|ion)|certified|published|crossed|marks \d+ years|passed (the|my) [\w\s]{0,60}exam)\b/i,
    'this milestone',
  ],
];

const POSITIVE =
  /\b(thrilled|excited|proud|grateful|happy|delighted|honou?red|love|great|amazing|wonderful|celebrat\w*|win|success)\b/gi;
const NEGATIVE =
  /\b(sad|hard|difficult|tough|painful|heartbroken|devastat\w*|unfortunately|struggl\w*|worst|hate|frustrat\w*|fail\w*|lost|loss)\b/gi;

const ENGLISH_WORDS = new Set(
  'the a an and or but of to in on for with is are was were be been it this that i we you my our your have has had not at by from as about what how why when just so'.split(
    ' ',
  ),
);

const WEAK = new Set(
  'i me we us you he she it they them this that thing things something everything anything one people lot lots way time today year years week weeks day days post everyone someone anyone who what which dm last next'.split(
    ' ',
  ),
);

/**
 * Words that describe the noun after them, which the tagger sometimes reads as a noun of its own
 * ("two senior" for "two senior backend engineers"): a phrase that ends on one takes the
 * lowercase words that follow it, up to a word that cannot be part of it.
 */
const DESCRIBING = new Set(
  'senior junior lead principal staff backend frontend full-stack fullstack remote hybrid new early late mid-market enterprise b2b b2c'.split(
    ' ',
  ),
);
const PHRASE_ENDS = new Set(
  'who whom whose that which and or but to is are was were be with for of in on at by from as than who love loves care cares want wants like likes'.split(
    ' ',
  ),
);
/** Phrases that frame a post rather than say what it is about. */
const FRAMING = new Set([
  'unpopular opinion',
  'hot take',
  'pro tip',
  'quick thought',
  'reminder',
  'psa',
]);
const CARDINAL = /^(one|two|three|four|five|six|seven|eight|nine|ten|a few|several|\d+)\s+/i;
/** "we're", "I'm", "it's": a pronoun with its verb, never what a post is about. */
const CONTRACTION = /^\p{L}+['’](re|m|s|ve|ll|d)$/iu;

/** Most words are common English words, and the text is written in Latin letters. */
function isEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  // Emoji and figures alone are no language: English is kept.
  if (words.length === 0) return true;
  const latin = words.filter((w) => /^[a-z]+$/.test(w)).length;
  const common = words.filter((w) => ENGLISH_WORDS.has(w)).length;
  return latin / words.length > 0.8 && common / words.length > 0.12;
}

/** A noun phrase without its leading articles and possessives, trimmed of punctuation. */
function cleanPhrase(raw: string): string {
  return (
    raw
      .replace(/[#@]/g, '')
      .replace(/^[\s"'“”‘’([{]+|[\s"'“”‘’.,;:!?)\]}]+$/g, '')
      .replace(
        /^((the|a|an|our|my|your|their|his|her|its|this|that|these|those|some|every|all|most|more|many|few|each|no)\s+)+/i,
        '',
      )
      .replace(/\s+(today|yesterday|tomorrow|this (week|month|year)|now)$/i, '')
      // "technical debt in a team" talks about technical debt.
      .replace(
        /^(\S+\s+\S+.*?)\s+(in|of|for|on|at|with|from)\s+(a|an|the|each|every|our|my|your)\s.*$/i,
        '$1',
      )
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** A name is written with capitals where a sentence does not start. */
function properNoun(text: string, phrase: string, names: string[]): boolean {
  if (names.includes(phrase) || /^[A-Z]{2,}/.test(phrase)) return true;
  if (!/^\p{Lu}/u.test(phrase)) return false;
  const at = text.indexOf(phrase);
  return at > 0 && !/[.!?:]\s*$/.test(text.slice(0, at)) && !/\n\s*$/.test(text.slice(0, at));
}

/** The phrase with the lowercase words that finish it in the text, when it ends on a describing word. */
function completed(text: string, raw: string): string {
  const words = raw.trim().split(/\s+/);
  if (!DESCRIBING.has(words[words.length - 1].toLowerCase()) || /[.,;:!?]$/.test(raw.trim()))
    return raw;
  const at = text.indexOf(raw.trim());
  const after =
    at < 0
      ? []
      : text
          .slice(at + raw.trim().length)
          .split(/\s+/)
          .filter(Boolean);
  const taken: string[] = [];
  for (const word of after.slice(0, 3)) {
    const bare = word.replace(/[.,;:!?)]+$/, '');
    if (!/^[a-z][a-z-]*$/.test(bare) || PHRASE_ENDS.has(bare)) break;
    taken.push(bare);
    if (bare !== word) break;
  }
  return [raw.trim(), ...taken].join(' ');
}

function keyPhrases(text: string): { phrases: string[]; name: string | null } {
  const doc = nlp(text);
  const names = (doc.topics().out('array') as string[])
    .map(cleanPhrase)
    .filter((n) => n.length > 1);
  const counts = new Map<string, { phrase: string; score: number }>();
  (doc.nouns().out('array') as string[]).forEach((raw, index) => {
    const phrase = cleanPhrase(completed(text, raw)).replace(CARDINAL, '');
    const key = phrase.toLowerCase();
    const words = key.split(' ');
    if (phrase.length < 3 || phrase.length > 48 || words.every((w) => WEAK.has(w))) return;
    if (words.some((w) => CONTRACTION.test(w)) || FRAMING.has(key)) return;
    if (/^\d/.test(phrase)) return;
    const seen = counts.get(key);
    // Several words and an early place say more about the post than a lone common noun.
    const score = (words.length > 1 ? 2 : 1) + 1 / (index + 1);
    if (seen) seen.score += score;
    else counts.set(key, { phrase, score });
  });
  const phrases = [...counts.values()]
    .sort((a, b) => b.score - a.score)
    .map(({ phrase }) => (properNoun(text, phrase, names) ? phrase : phrase.toLowerCase()));
  return { phrases: phrases.length ? phrases.slice(0, 6) : ['this'], name: names[0] ?? null };
}

function sentimentOf(text: string): number {
  const good = text.match(POSITIVE)?.length ?? 0;
  const bad = text.match(NEGATIVE)?.length ?? 0;
  return good + bad === 0 ? 0 : (good - bad) / (good + bad);
}

/** Reads a post: its news, key phrases, sentiment and language. */
export function readPost(text: string): PostReading {
  const english = isEnglish(text);
  const loss = LOSS.find(([pattern]) => pattern.test(text));
  const good = loss ? undefined : GOOD.find(([pattern]) => pattern.test(text));
  const sentiment = sentimentOf(text);
  // News the post itself regrets ("unfortunately we launched late") is not congratulated.
  const mood = loss ? 'loss' : good && sentiment >= 0 ? 'good' : 'neutral';
  const { phrases, name } = english ? keyPhrases(text) : { phrases: ['this'], name: null };
  return {
    mood,
    event: loss?.[1] ?? (mood === 'good' ? good![1] : ''),
    phrases,
    name,
    asks:
      /\?\s*$/m.test(text) || /\b(what do you think|thoughts\?|curious (to hear|what))/i.test(text),
    english,
    sentiment,
    layoff: loss?.[1] !== 'the layoff' ? null : LAYOFF_BY_AUTHOR.test(text) ? 'theirs' : 'mine',
  };
}
