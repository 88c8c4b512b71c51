/**
 * Reading an invitation import's file: CSV as spreadsheets export it (quoted fields, a byte-order
 * mark, ',' ';' or tab between fields, blank lines), parsed by Papa Parse. The address is the
 * column headed "email" (or "e-mail", "email address"), else the one whose first cell holds an
 * '@'; the name is the column headed "name" (or "full name"), or "first name" and "last name"
 * together, else the other column of a two-column file. Cells are only read here: every row is
 * judged by the invitation's own rules afterwards.
 */
import { INVITATION_IMPORT_LIMITS, LIMITS } from '@clubs/shared';
import Papa from 'papaparse';
import { badRequest } from '../../errors.ts';

export interface CsvRow {
  name: string;
  email: string;
}

const EMAIL_HEADER = /^e-?mail(\s*address)?$/i;
const NAME_HEADER = /^(full\s*)?name$/i;
const FIRST_NAME_HEADER = /^(first|given)\s*name$/i;
const LAST_NAME_HEADER = /^(last|family)\s*name|surname$/i;

/** A cell longer than any valid value is cut (it is refused as invalid anyway): rows stay small. */
const cell = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max);

interface Columns {
  email: number;
  name: readonly number[];
  header: boolean;
}

function columnsOf(first: readonly string[]): Columns {
  const cells = first.map((value) => value.trim());
  const email = cells.findIndex((value) => EMAIL_HEADER.test(value));
  if (email >= 0) {
    const name = cells.findIndex((value) => NAME_HEADER.test(value));
    const firstName = cells.findIndex((value) => FIRST_NAME_HEADER.test(value));
    const lastName = cells.findIndex((value) => LAST_NAME_HEADER.test(value));
    const names = name >= 0 ? [name] : [firstName, lastName].filter((index) => index >= 0);
    return { email, name: names, header: true };
  }
  const at = cells.findIndex((value) => value.includes('@'));
  const address = at >= 0 ? at : 0;
  const other = cells.findIndex((_, index) => index !== address);
  return { email: address, name: other >= 0 ? [other] : [], header: false };
}

/** The file's rows of name and address, in order; refused when it holds none or too many. */
export function invitationRowsOfCsv(text: string): CsvRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
  });
  const records = parsed.data.filter((record) => record.some((value) => value.trim() !== ''));
  const first = records[0];
  if (!first) throw badRequest('The file holds no rows: one e-mail address a row, with an optional name');
  const columns = columnsOf(first);
  const rows = (columns.header ? records.slice(1) : records).map((record) => ({
    email: cell(record[columns.email], LIMITS.email * 2),
    name: cell(
      columns.name
        .map((index) => (record[index] ?? '').trim())
        .filter(Boolean)
        .join(' '),
      LIMITS.personName * 2,
    ),
  }));
  if (rows.length === 0) throw badRequest('The file holds only a header: add a row for each person');
  if (rows.length > INVITATION_IMPORT_LIMITS.rows) {
    throw badRequest(
      `The file holds ${rows.length.toLocaleString('en-US')} rows: at most ${INVITATION_IMPORT_LIMITS.rows.toLocaleString('en-US')} can be imported at once`,
    );
  }
  return rows;
}
