import type { ZipFileEntry } from './zip-writer.js';

const DAY = 24 * 60 * 60 * 1000;
const TOPICS = [
  'Three things I changed in our weekly pipeline review, and what happened to our win rate.',
  'We just hit 100 customers. Thank you to everyone who took a first call with a tiny team!',
  'Cold outreach is not dead, but "just checking in" is. Here is what replaced it for us.',
  'Hiring: we are looking for a founding account executive in Berlin or remotely in Europe.',
  'What is the one question you always ask in a discovery call? Mine: "What happens if you do nothing?"',
  'Notes from the sales summit: buyers want fewer slides and more proof.',
];
const COMMENTS = [
  'Great point about multi-threading, we learned that the hard way.',
  'Congrats on the launch! Curious how you priced the first tier.',
  'This matches what we see: "next steps" written down on the call change everything.',
  'Saving this one. Would love the template if you are sharing it.',
];
const REACTIONS = ['LIKE', 'PRAISE', 'EMPATHY', 'INTEREST', 'APPRECIATION'];

const pad = (value: number) => String(value).padStart(2, '0');
const isoLike = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
const activity = (id: number) =>
  `https://www.linkedin.com/feed/update/urn:li:activity:${7150000000000000000n + BigInt(id)}/`;
const quoted = (value: string, escape: string) => `"${value.replace(/"/g, escape)}"`;
const rows = (header: string, lines: string[]) => [header, ...lines].join('\r\n') + '\r\n';

/**
 * The sample member's own posts and activity (what "commented on my post" can name), dated back
 * from `latest`; an export made at `until` holds those up to its date, as a real one does.
 */
export function samplePostFiles(latest: Date, until: Date): ZipFileEntry[] {
  const upTo = (lines: [Date, string][]) =>
    lines.filter(([at]) => at <= until).map(([at, line]) => `${isoLike(at)},${line}`);
  const back = (days: number, minutes = 0) =>
    new Date(latest.getTime() - days * DAY - minutes * 60_000);
  const shares = upTo(
    TOPICS.map((text, index) => [
      back(index * 9 + 2, 60 * (index + 8)),
      [activity(index), quoted(text, '""'), '', '', 'MEMBER_NETWORK'].join(','),
    ]),
  );
  // Comments.csv escapes quotes with a backslash.
  const comments = upTo(
    COMMENTS.map((text, index) => [
      back(index * 11 + 1),
      `${activity(100 + index)},${quoted(text, '\\"')}`,
    ]),
  );
  const reactions = upTo(
    Array.from({ length: 12 }, (_, index) => [
      back(index * 4 + 1, index),
      `${REACTIONS[index % REACTIONS.length]},${activity(200 + index)}`,
    ]),
  );
  return [
    {
      name: 'Shares.csv',
      content: rows('Date,ShareLink,ShareCommentary,SharedUrl,MediaUrl,Visibility', shares),
    },
    { name: 'Comments.csv', content: rows('Date,Link,Message', comments) },
    { name: 'Reactions.csv', content: rows('Date,Type,Link', reactions) },
  ];
}
