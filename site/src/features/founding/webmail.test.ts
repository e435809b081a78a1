import { describe, expect, it } from 'vitest';
import { webmailFor } from './webmail';

describe('webmailFor', () => {
  it.each([
    ['ada@gmail.com', 'https://mail.google.com/'],
    ['ada@googlemail.com', 'https://mail.google.com/'],
    ['Ada@Outlook.COM', 'https://outlook.live.com/mail/'],
    ['ada@hotmail.com', 'https://outlook.live.com/mail/'],
    ['ada@live.com', 'https://outlook.live.com/mail/'],
    ['ada@yahoo.com', 'https://mail.yahoo.com/'],
    ['ada@icloud.com', 'https://www.icloud.com/mail/'],
    ['ada@me.com', 'https://www.icloud.com/mail/'],
    ['ada@proton.me', 'https://mail.proton.me/'],
    ['ada@protonmail.com', 'https://mail.proton.me/'],
    ['ada@aol.com', 'https://mail.aol.com/'],
    ['ada@gmx.de', 'https://www.gmx.net/'],
    ['ada@gmx.com', 'https://www.gmx.com/'],
    ['"a@b"@gmail.com', 'https://mail.google.com/'],
  ])('opens the webmail of %s', (email, url) => {
    expect(webmailFor(email)?.url).toBe(url);
  });

  it.each([
    'ada@example.com',
    'ada@mail.gmail.com.evil.test',
    'ada@gmail.co',
    'no-at-sign',
    '',
    null,
    undefined,
    'ada@constructor',
    'ada@__proto__',
  ])('has no webmail for %s', (email) => {
    expect(webmailFor(email)).toBeNull();
  });
});
