// The CSV reader: quoting, commas and line breaks inside quotes, CRLF / CR / LF, a byte-order mark, blank lines, an
// unterminated quote; a property: any table written the RFC 4180 way reads back as the same table; and the sliced
// reader, which gives main turns while it splits a large file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvSliced } from '../../../../../src-main/features/import/csv';

const records = (text: string) => {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(`expected a table, got ${JSON.stringify(parsed)}`);
  return parsed.records;
};

describe('parseCsv', () => {
  it('splits plain fields and keeps empty ones', () => {
    expect(records('a,b,c\n1,,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(records('name,note\n"Acme, Inc.","say ""hi""\r\nthen go"\n')).toEqual([
      ['name', 'note'],
      ['Acme, Inc.', 'say "hi"\r\nthen go'],
    ]);
  });

  it('accepts CRLF, CR and LF line ends, a BOM, and skips blank lines', () => {
    expect(records('\uFEFFa,b\r\n1,2\r\n\r\n3,4\r5,6\n\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('reads a last record without a line end', () => {
    expect(records('a,b\n1,"2"')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses an unterminated quote, naming the line it opened on', () => {
    expect(parseCsv('a,b\n1,2\n3,"never closed\nstill open')).toEqual({
      ok: false,
      problem: 'unterminated_quote',
      line: 3,
    });
  });

  it('reads back any table written with RFC 4180 quoting', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', '\r\n', 'é', '密', ':') });
    const table = fc
      .integer({ min: 1, max: 4 })
      .chain((width) =>
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }),
      )
      // A record of one empty field is a blank line, which the reader skips by design.
      .filter((rows) => rows.every((row) => !(row.length === 1 && row[0] === '')));
    const quote = (value: string): string => `"${value.replaceAll('"', '""')}"`;
    fc.assert(
      fc.property(table, fc.constantFrom('\n', '\r\n'), fc.boolean(), (rows, eol, isBom) => {
        const text = (isBom ? '\uFEFF' : '') + rows.map((row) => row.map(quote).join(',')).join(eol) + eol;
        expect(records(text)).toEqual(rows);
      }),
    );
  });
});

describe('parseCsvSliced', () => {
  const big = `name,value\n${Array.from({ length: 2_000 }, (_, i) => `row ${i},"${i}\n${i}"`).join('\r\n')}\n`;

  it('reads what parseCsv reads, awaiting its boundary every few hundred records', async () => {
    let turns = 0;
    const sliced = await parseCsvSliced(big, () => {
      turns += 1;
      return Promise.resolve();
    });
    expect(sliced).toEqual(parseCsv(big));
    // 2,001 records, a boundary every 500: main is offered a turn four times, not once at the end.
    expect(turns).toBe(4);
  });

  it('stops where its boundary throws (the preview was cancelled)', async () => {
    let turns = 0;
    const stopped = parseCsvSliced(big, () => {
      turns += 1;
      return turns === 2 ? Promise.reject(new Error('cancelled')) : Promise.resolve();
    });
    await expect(stopped).rejects.toThrow('cancelled');
    expect(turns).toBe(2);
  });
});
