import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { samplePostFiles } from './sample-posts.js';
import { writeZip } from './zip-writer.js';

/** A small seeded generator: the same sample every time, so importing it twice adds nothing. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** First and last names by script, as members' networks hold them. */
const NAMES: [string[], string[]][] = [
  [
    ['James', 'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason', 'Grace'],
    ['Smith', 'Johnson', 'Brown', 'Taylor', 'Walker', 'Clark', 'Hall', 'Wright'],
  ],
  [
    [
      'José',
      'María',
      'Zoë',
      'François',
      'Chloé',
      'Jürgen',
      'Björn',
      'Ana Sofía',
      'Renée',
      'Łukasz',
    ],
    ['García', 'Fernández', 'Dubois', 'Lefèvre', 'Müller', 'Ångström', 'Nowak', 'Rossi'],
  ],
  [
    ['伟', '芳', '娜', '强', '敏', '静'],
    ['王', '李', '张', '刘', '陈', '杨'],
  ],
  [
    ['翔太', '陽菜', '蓮', '結衣'],
    ['佐藤', '鈴木', '高橋', '田中'],
  ],
  [
    ['محمد', 'فاطمة', 'أحمد', 'ليلى'],
    ['علي', 'حسن', 'خالد', 'منصور'],
  ],
  [
    ['आरव', 'प्रिया', 'राहुल'],
    ['शर्मा', 'पटेल', 'गुप्ता'],
  ],
  [
    ['Дмитрий', 'Анна', 'Ольга'],
    ['Иванов', 'Смирнова', 'Петров'],
  ],
  [
    ['Νίκος', 'Ελένη'],
    ['Παπαδόπουλος', 'Γεωργίου'],
  ],
];
const COMPANIES = [
  'Acme Analytics',
  'Northwind Traders',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Hooli',
  'Pied Piper',
  'Vandelay Imports',
  'Cyberdyne Systems',
  'Wonka Confectionery',
  'Aperture Labs',
  'Blue Yonder, Inc.',
  '华为',
  'ソニー',
  'شركة الاتصالات',
  'Müller & Söhne GmbH',
];
const POSITIONS = [
  'Head of Sales',
  'VP Marketing',
  'Founder & CEO',
  'Account Executive',
  'Sales Director',
  'CTO',
  'Procurement Manager',
  'Operations Lead',
  'Growth Marketer',
  'Chief Revenue Officer',
  'Business Development Manager',
  'Product Manager',
  'Student',
  'Recruiter',
];
const SKILLS = ['Sales', 'Negotiation', 'B2B', 'SaaS', 'Lead Generation', 'CRM', 'Public Speaking'];
const OPENERS = [
  'Thanks for connecting! Would love to hear how you handle outbound at {company}.',
  'Great post on pipeline reviews — we are wrestling with the same thing.',
  'Are you going to the sales summit next month?',
  'Quick question about your CRM setup, do you have 10 minutes this week?',
  'Congrats on the new role!\nLet me know if I can help with anything.',
];

const OWNER = { first: 'Alex', last: 'Morgan', slug: 'alex-morgan-sample' };
const DAY = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');
const connectedOn = (date: Date) =>
  `${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
const messageDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00 UTC`;
const sentAt = (date: Date) => {
  const hours = date.getUTCHours() % 12 || 12;
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${String(date.getUTCFullYear()).slice(2)}, ${hours}:${pad(date.getUTCMinutes())} ${date.getUTCHours() < 12 ? 'AM' : 'PM'}`;
};
const endorsedAt = (date: Date) => messageDate(date).replace(/-/g, '/');
const exportName = (date: Date) =>
  `Basic_LinkedInDataExport_${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}.zip`;
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csvOf = (header: string[], rows: string[][]) =>
  [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
const url = (slug: string) => `https://www.linkedin.com/in/${encodeURIComponent(slug)}`;

interface Person {
  first: string;
  last: string;
  slug: string;
  company: string;
  position: string;
  connected: Date;
}

export interface SampleExport {
  path: string;
  name: string;
  date: Date;
}

/**
 * Writes the sample: an export of 300 connections in several scripts, with messages,
 * invitations, endorsements, recommendations and the member's own posts, comments and
 * reactions, and the same member's export a month later
 * (new connections and messages, and 25 people in a new company or role).
 */
export async function writeSampleExports(
  folder: string,
  id: string,
  now = new Date(),
  /** Another sample's people (the demo seed gives each member their own). */
  variant = 0,
): Promise<SampleExport[]> {
  await mkdir(folder, { recursive: true });
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const second = new Date(today - DAY);
  const first = new Date(second.getTime() - 30 * DAY);
  const next = random(31 + variant * 7919);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const people: Person[] = [];
  for (let index = 0; index < 315; index++) {
    const [firsts, lasts] = NAMES[index % 3 === 0 ? 0 : index % NAMES.length];
    const firstName = pick(firsts);
    const lastName = pick(lasts);
    const joined =
      index < 300
        ? first.getTime() - Math.floor(next() * 1000) * DAY
        : first.getTime() + (1 + Math.floor(next() * 28)) * DAY;
    people.push({
      first: firstName,
      last: lastName,
      slug: `${firstName}-${lastName}-${(index * 7919).toString(36)}`
        .toLowerCase()
        .replace(/\s+/g, '-'),
      company: pick(COMPANIES),
      position: pick(POSITIONS),
      connected: new Date(joined),
    });
  }
  // A month later a few have moved on.
  const moved = new Map<number, Pick<Person, 'company' | 'position'>>();
  for (let index = 5; moved.size < 25; index += 11)
    moved.set(index, {
      company: COMPANIES[(index + 3) % COMPANIES.length],
      position: POSITIONS[(index + 5) % POSITIONS.length],
    });

  const messages: { date: Date; row: string[] }[] = [];
  for (let index = 0; index < 80; index++) {
    const person = people[Math.floor(next() * 300)];
    const date = new Date(
      first.getTime() -
        Math.floor(next() * 60 * 24 * 60) * 60_000 +
        (index >= 60 ? 31 * DAY : 0) -
        (index >= 60 ? 2 * DAY : 0),
    );
    const incoming = next() < 0.6;
    const text = pick(OPENERS).replace('{company}', person.company);
    const them = [`${person.first} ${person.last}`, url(person.slug)];
    const me = [`${OWNER.first} ${OWNER.last}`, url(OWNER.slug)];
    const [from, to] = incoming ? [them, me] : [me, them];
    messages.push({
      date,
      row: [
        `conv-${person.slug}`,
        '',
        from[0],
        from[1],
        to[0],
        to[1],
        messageDate(date),
        '',
        text,
        'INBOX',
        '',
        'No',
        'No',
      ],
    });
  }
  const invitations = people.slice(0, 30).map((person, index) => {
    const incoming = index % 2 === 0;
    const them = `${person.first} ${person.last}`;
    const me = `${OWNER.first} ${OWNER.last}`;
    return [
      incoming ? them : me,
      incoming ? me : them,
      sentAt(new Date(person.connected.getTime() - DAY)),
      index % 3 ? '' : 'Hi Alex, let us connect!',
      incoming ? 'INCOMING' : 'OUTGOING',
      url(incoming ? person.slug : OWNER.slug),
      url(incoming ? OWNER.slug : person.slug),
    ];
  });
  const endorsements = people
    .slice(40, 65)
    .map((person, index) => [
      endorsedAt(new Date(first.getTime() - (index + 2) * 5 * DAY)),
      pick(SKILLS),
      person.first,
      person.last,
      url(person.slug),
      'ACCEPTED',
    ]);
  // Recommendations carry no profile URL: they go to people whose name is theirs alone.
  const nameCount = new Map<string, number>();
  for (const { first, last } of people)
    nameCount.set(`${first} ${last}`, (nameCount.get(`${first} ${last}`) ?? 0) + 1);
  const recommendations = people
    .slice(0, 300)
    .filter(({ first, last }) => nameCount.get(`${first} ${last}`) === 1)
    .slice(0, 4)
    .map((person, index) => [
      person.first,
      person.last,
      person.company,
      person.position,
      'Alex is a thoughtful partner who always follows up.',
      sentAt(new Date(first.getTime() - (index + 1) * 40 * DAY)).split(',')[0],
      'VISIBLE',
    ]);

  const write = async (date: Date, count: number, later: boolean): Promise<SampleExport> => {
    const name = exportName(date);
    const connections = people.slice(0, count).map((person, index) => {
      const now = later ? (moved.get(index) ?? person) : person;
      return [
        person.first,
        person.last,
        url(person.slug),
        '',
        now.company,
        now.position,
        connectedOn(person.connected),
      ];
    });
    const files = [
      {
        name: 'Profile.csv',
        content: csvOf(
          [
            'First Name',
            'Last Name',
            'Maiden Name',
            'Address',
            'Birth Date',
            'Headline',
            'Summary',
            'Industry',
            'Zip Code',
            'Geo Location',
            'Twitter Handles',
            'Websites',
            'Instant Messengers',
          ],
          [[OWNER.first, OWNER.last, '', '', '', 'Sales lead', '', 'Software', '', '', '', '', '']],
        ),
      },
      {
        name: 'Connections.csv',
        content: `Notes:\r\n"When exporting your connection data, you may notice that some of the email addresses are missing."\r\n\r\n${csvOf(['First Name', 'Last Name', 'URL', 'Email Address', 'Company', 'Position', 'Connected On'], connections)}`,
      },
      {
        name: 'messages.csv',
        content: csvOf(
          [
            'CONVERSATION ID',
            'CONVERSATION TITLE',
            'FROM',
            'SENDER PROFILE URL',
            'TO',
            'RECIPIENT PROFILE URLS',
            'DATE',
            'SUBJECT',
            'CONTENT',
            'FOLDER',
            'ATTACHMENTS',
            'IS MESSAGE DRAFT',
            'IS CONVERSATION DRAFT',
          ],
          messages.filter((message) => message.date <= date).map((message) => message.row),
        ),
      },
      {
        name: 'Invitations.csv',
        content: csvOf(
          [
            'From',
            'To',
            'Sent At',
            'Message',
            'Direction',
            'inviterProfileUrl',
            'inviteeProfileUrl',
          ],
          invitations,
        ),
      },
      {
        name: 'Endorsement_Received_Info.csv',
        content: csvOf(
          [
            'Endorsement Date',
            'Skill Name',
            'Endorser First Name',
            'Endorser Last Name',
            'Endorser Public Url',
            'Endorsement Status',
          ],
          endorsements,
        ),
      },
      {
        name: 'Recommendations_Received.csv',
        content: csvOf(
          ['First Name', 'Last Name', 'Company', 'Job Title', 'Text', 'Creation Date', 'Status'],
          recommendations,
        ),
      },
      ...samplePostFiles(second, date),
      { name: 'PhoneNumbers.csv', content: 'Extension,Number,Type\r\n,+1 555 0100,Mobile\r\n' },
    ];
    const path = join(folder, `${id}-${later ? 'later' : 'first'}.zip`);
    await writeZip(path, files);
    return { path, name, date };
  };
  return [await write(first, 300, false), await write(second, 315, true)];
}
