import { csvStringifier, neutraliseFormula } from './csv.js';

describe('neutraliseFormula', () => {
  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'prefixes %j with a quote',
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
    },
  );

  it('leaves ordinary text, and a formula character past the start, as it is', () => {
    for (const cell of ['Ada Lovelace', 'ada@example.com', '2026-01-01', 'a=b', ''])
      expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('csvStringifier', () => {
  it('writes the header as it is and neutralises formula cells', async () => {
    const csv = csvStringifier(['Name', 'Email']);
    csv.end(['=HYPERLINK("http://x")', 'ada@example.com']);
    let text = '';
    for await (const chunk of csv) text += String(chunk);
    expect(text).toBe('Name,Email\n"\'=HYPERLINK(""http://x"")",ada@example.com\n');
  });
});
