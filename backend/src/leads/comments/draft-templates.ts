import type { PostReading } from './post-reading.js';

/**
 * `JOB:` marks wording for the author's own job loss only, `TEAM:` for a layoff the author had to
 * make, `HARD:` for a loss that is no layoff (a death, an illness, a closure). `{t}` the main key phrase, `{u}` another one, `{e}` the news ("the new role"), `{n}` a name. */
export type Template = string;

export type Mood = PostReading['mood'];
export type TemplateAngle = 'question' | 'insight' | 'example' | 'fifth' | 'resource';

/** Openings and closings mixed with the bodies, so two drafts for one post rarely read alike. */
export const OPENERS: Record<Mood, string[]> = {
  good: ['', 'Love this. ', 'What a moment. ', 'This made my morning. ', 'Well earned. '],
  loss: [
    '',
    'Thank you for sharing this. ',
    'Sending you strength. ',
    'This can’t have been easy to write. ',
  ],
  neutral: ['', 'Good post. ', 'This is worth reading twice. ', 'Saving this one. ', 'Well put. '],
};

export const CLOSERS: Record<Mood, string[]> = {
  good: [
    '',
    ' Onwards!',
    ' Enjoy it.',
    ' Looking forward to what comes next.',
    ' Big things ahead.',
  ],
  loss: ['', ' Rooting for you.', ' Take care of yourself.', ' My messages are open.'],
  neutral: [
    '',
    ' Thanks for sharing.',
    ' Would love to hear more on this.',
    ' Keep these coming.',
    ' Appreciate you writing it up.',
  ],
};

const QUESTION: Record<Mood, Template[]> = {
  good: [
    'What was the moment you knew {e} was the right call?',
    'What are you most looking forward to, now that {e} is out in the open?',
    'Which part of getting here turned out harder than it looked from the outside?',
    'Curious: what would you tell anyone a year behind you on {t}?',
    'How are you going to know, six months from now, that {e} was a success?',
  ],
  loss: [
    'JOB:Is there a kind of team or role you’d like introductions to? Happy to look through my network.',
    'JOB:What would be most useful right now: introductions, a second pair of eyes on your CV, or just a coffee?',
    'Is there anything specific people here could do to help, beyond sharing this?',
    'How are you holding up? No need to answer here; a message is fine too.',
    'JOB:Would it help if I passed your name to a couple of people I trust who are hiring?',
  ],
  neutral: [
    'How did you land on {t} as the thing to focus on? I’ve seen teams stall at exactly that step.',
    'Curious what changed your mind on {t}. Was it one moment, or did it build up over time?',
    'If you had to start over with {t}, what would you skip?',
    'How do you tell whether the work on {t} is paying off, and not just feeling productive?',
    'Where does {u} fit into this for you? I’d have guessed it plays a bigger part than most people admit.',
    'What would you tell someone who is only now getting started with {t}?',
  ],
};

const INSIGHT: Record<Mood, Template[]> = {
  good: [
    'One thing I’ve noticed with {e}: the first ninety days set the tone for everything after, so protecting time for {t} early pays back twice.',
    'The part people underestimate after {e} is how much changes around you, not just the work. Writing down why you said yes helps on the hard weeks.',
    'What usually makes {e} stick is the boring follow-through in the weeks after the announcement, and it sounds like you already know that.',
    'From what I’ve seen, the teams that do well after {e} keep talking to the people who got them there. Sounds like that is your plan too.',
  ],
  loss: [
    'JOB:One thing I learned watching friends go through {e}: the people who got back on their feet fastest were the ones who said out loud what they wanted next, the way you just did.',
    'JOB:It is worth remembering that {e} says a lot about a budget and very little about the person. Your work on {t} speaks for itself.',
    'JOB:A small thing that helped people I know: a short list of three companies and one sentence on why, shared widely. Makes it easy for others to help.',
    'Something I’ve learned from people who went through hard things: there is no schedule for it, and the kindest thing is to let it take the time it takes.',
    'Going through {e} in public takes more courage than most posts here. It also tends to bring out the best in people’s networks.',
  ],
  neutral: [
    'Adding one angle: work on {t} goes best when one person owns it end to end. When it is everyone’s job, it quietly becomes nobody’s.',
    'The piece I’d add is timing. Moving on {t} a quarter too early looks like a distraction, and a quarter too late looks like a fire drill.',
    'I’d add that {t} and {u} pull against each other more than people think. Naming that trade-off early saves a lot of meetings.',
    'What often gets missed with {t}: the second-order effects show up months later, long after anyone is measuring.',
    'One nuance: what works for {t} at ten people often needs unlearning at a hundred.',
  ],
};

const EXAMPLE: Record<Mood, Template[]> = {
  good: [
    'Agree with every word. When a friend of mine went through something similar, the best advice she got was to celebrate properly before diving in. Do that!',
    'This resonates. I remember my own version of {e}, and the nerves were half the fun looking back.',
    'So true that {e} comes from years of quiet work. I watched a former colleague go through the same path and the overnight success took six years.',
    'Completely agree. We had a similar moment last year and the thing I’d repeat is thanking everyone by name, as you just did.',
  ],
  loss: [
    'Agree with you that there is no right way to go through this. When something similar happened to a friend, the people who simply showed up mattered most.',
    'JOB:I went through something similar a few years ago, and what you say here is exactly right: it felt final at the time, and it wasn’t.',
    'JOB:You are right that nobody talks about this enough. A colleague of mine shared her story in a post like this one and had three conversations lined up within a week.',
    'JOB:Agree that it is fine not to have it all figured out yet. When it happened to my team, the people who took a breather first made the better next move.',
    'JOB:This is so true. I’ve seen the same thing happen to brilliant people, and it said nothing about their talent.',
    'HARD:Thank you for writing this so honestly. When a friend went through something similar, what helped most was people who kept checking in weeks later, not only in the first days.',
    'HARD:When my family went through something like this, the small things people did without being asked meant the most.',
    'TEAM:Doing this with care, and then helping people land, says a lot about how you lead. I saw a founder do the same, and most of the team had new roles within two months.',
  ],
  neutral: [
    'Agree with this. We learned it the hard way: we put off {t} for a year, and untangling it afterwards cost us far more than doing it early would have.',
    'Exactly right. On a previous team we tried the opposite of {t}, and within two months we were back to what you describe.',
    'This matches what I’ve seen. A client of mine changed one thing about {t} and the difference showed up within a quarter.',
    'Couldn’t agree more. The best example I know is a small team that treated {u} as seriously as {t}, and it showed in everything they shipped.',
    '100% with you on {t}. I used to think the opposite until a project made it painfully obvious.',
  ],
};

/** Congratulations for good news; support for a loss; for anything else, appreciation. */
const FIFTH: Record<Mood, Template[]> = {
  good: [
    'Congratulations on {e}! Well deserved, and {n} is lucky to have you.',
    'Congratulations on {e}, well deserved!',
    'Huge congratulations! {E} is the result of a lot of work nobody sees.',
    'Congrats, this is great news. Wishing you a brilliant start with {t}.',
    'Many congratulations on {e}. It is always good to see good work recognised.',
    'Congratulations! Really happy for you and everyone behind {t}.',
  ],
  loss: [
    'I’m sorry you are going through this. If a conversation, a referral or a quiet coffee would help, I’m here.',
    'JOB:Sorry to read this. You handled it with a lot of grace, and anyone who has worked with you knows your value.',
    'Sorry to read this. Wishing you and the people close to you some quiet and kindness in the days ahead.',
    'Thinking of you. Take the time you need; the right next thing will be glad to wait for you.',
    'So sorry. Please don’t hesitate to reach out if I can help in any way, big or small.',
  ],
  neutral: [
    'Thank you for putting this into words. It is the kind of post that gets people talking about {t} at work on Monday.',
    'Really appreciate you sharing this so openly. More people should talk about {t} like this.',
    'Keep writing about {t}; posts like this one are why I still scroll this feed.',
    'Glad you shared this. It takes some nerve to say what you said about {t}.',
  ],
};

const RESOURCE: Record<Mood, Template[]> = {
  good: [
    'If it helps in the first weeks, “The First 90 Days” by Michael Watkins is still the best short guide I know for a new start.',
    'For the months ahead, Lenny’s Newsletter has good pieces on what comes after {e}. Happy to send the ones I found most useful.',
    'One thing worth starting now: a simple weekly log of wins. It becomes gold at review time, and when the next milestone comes.',
    'If you haven’t seen it, Shreyas Doshi’s writing on high-leverage work pairs nicely with {e}. Happy to share the links.',
  ],
  loss: [
    'JOB:In case it is useful: most cities have free career transition groups, and many recruiters offer free CV reviews for people affected. Happy to send a few names.',
    'JOB:If it helps, LinkedIn’s “Open to Work” setting can be shown to recruiters only. And I’m glad to write a recommendation if we’ve worked together.',
    'HARD:Not a fix, but “Option B” by Sheryl Sandberg and Adam Grant helped people close to me through hard months. Sending it your way in case it helps.',
    'JOB:“Designing Your Life” by Burnett and Evans helped a friend of mine make sense of the next step after a similar moment. Might be worth a look when you’re ready.',
    'JOB:If you’re building a target list, I’ve got a short spreadsheet template that tracks companies, contacts and follow-ups. Happy to share it.',
    'HARD:If it would help to talk to someone who has been through something similar, I’m glad to listen, or to introduce you to someone who has.',
    'TEAM:A shared list of the people affected, with what each of them does and is looking for, makes it easy for all of us to pass names on. Happy to share it with the hiring managers I know.',
    'TEAM:If any of the people affected work in sales or operations, send them my way: I’m glad to make introductions to teams that are hiring.',
  ],
  neutral: [
    'For anyone who wants to go deeper on {t}, “Thinking in Systems” by Donella Meadows is a great companion to this post.',
    'If it’s useful, I keep a short checklist for {t}. Happy to share it with anyone who asks.',
    'Worth pairing this with the Farnam Street pieces on second-order thinking. They make the case for {t} from another side.',
    'There is a good talk on {t} from a recent product conference; I’ll dig out the link if anyone wants it.',
    'A resource that helped me with {u}: “Working Backwards” by Bryar and Carr. Different context, same lesson.',
  ],
};

export const TEMPLATES: Record<TemplateAngle, Record<Mood, Template[]>> = {
  question: QUESTION,
  insight: INSIGHT,
  example: EXAMPLE,
  fifth: FIFTH,
  resource: RESOURCE,
};

/** Said at the start of every draft for a post written in another language than English. */
export const NOT_ENGLISH_NOTES = [
  'Your post isn’t in English, so I’m replying in English. ',
  '(Replying in English, as your post isn’t in English.) ',
  'Writing in English since your post isn’t in English, I hope that’s OK. ',
];
