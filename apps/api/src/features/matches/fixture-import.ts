import { CsvError, parse } from 'csv-parse/sync';
import {
  calendarDate,
  FIXTURE_IMPORT_COLUMNS,
  FIXTURE_IMPORT_MESSAGES,
  FIXTURE_IMPORT_REQUIRED,
  FIXTURE_IMPORT_ROWS_MAX,
  FIXTURE_START_TIME,
  fixtureImportLineKey,
  VENUE_MAX,
  type FixtureImportColumn,
} from '@cricket/contracts';
import { badRequest } from '../../lib/http-errors';

/*
 * Reading and checking a fixtures CSV (issue 36, decision 073). Every problem is kept against
 * the line it is on, so a refusal names each bad row at once instead of the first.
 */

/** Problems by line of the file (1 is the header). */
export type Problems = Map<number, string[]>;

function add(problems: Problems, line: number, message: string) {
  problems.set(line, [...(problems.get(line) ?? []), message]);
}

/** The one refusal of a file with bad rows: 400, each line's messages under `line N`. */
export function refusal(problems: Problems) {
  const lines = [...problems.keys()].sort((a, b) => a - b);
  return badRequest(
    FIXTURE_IMPORT_MESSAGES.rowsRefused(lines.length),
    Object.fromEntries(lines.map((line) => [fixtureImportLineKey(line), problems.get(line)!])),
  );
}

/** How a team's name is matched: any case, any run of spaces, compatibility forms folded. */
export const nameKey = (name: string) =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

const headerKey = (cell: string) =>
  cell
    .trim()
    .replace(/[\s_]+/g, ' ')
    .toLowerCase();

export interface CsvRow {
  line: number;
  cells: Partial<Record<FixtureImportColumn, string>>;
}

/**
 * The file's fixtures rows by the header's column names, with the problems of its header and
 * of rows of the wrong width. A file too long or with no rows is refused outright (400 on `csv`).
 */
export function readFixturesCsv(csv: string): { rows: CsvRow[]; problems: Problems } {
  const problems: Problems = new Map();
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // One line ending, so csv-parse's line count is the file's (it miscounts CRLF in quotes).
    records = parse(csv.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // csv-parse's types do not follow `info: true` to the { record, info } it then answers.
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    add(
      problems,
      (error as CsvError & { lines?: number }).lines ?? 1,
      FIXTURE_IMPORT_MESSAGES.notCsv,
    );
    return { rows: [], problems };
  }
  // A record's line is where it starts: csv-parse counts to its end, past a quoted line break.
  const located = records.map(({ record, info }) => ({
    cells: record,
    line: info.lines - record.reduce((n, cell) => n + cell.split('\n').length - 1, 0),
  }));
  const [header, ...body] = located;
  if (!header || body.length === 0)
    throw badRequest(FIXTURE_IMPORT_MESSAGES.noRows, { csv: [FIXTURE_IMPORT_MESSAGES.noRows] });
  if (body.length > FIXTURE_IMPORT_ROWS_MAX)
    throw badRequest(FIXTURE_IMPORT_MESSAGES.tooManyRows, {
      csv: [FIXTURE_IMPORT_MESSAGES.tooManyRows],
    });

  const columns = header.cells.map(headerKey);
  const known = new Set<string>(FIXTURE_IMPORT_COLUMNS);
  columns.forEach((name, i) => {
    if (!known.has(name)) add(problems, header.line, FIXTURE_IMPORT_MESSAGES.unknownColumn(name));
    else if (columns.indexOf(name) !== i)
      add(problems, header.line, FIXTURE_IMPORT_MESSAGES.columnTwice(name));
  });
  for (const name of FIXTURE_IMPORT_REQUIRED)
    if (!columns.includes(name))
      add(problems, header.line, FIXTURE_IMPORT_MESSAGES.columnMissing(name));
  // Rows read under a header in doubt would only repeat its problem on every line.
  if (problems.size > 0) return { rows: [], problems };

  const rows: CsvRow[] = [];
  for (const { cells, line } of body) {
    if (cells.length !== columns.length) {
      add(problems, line, FIXTURE_IMPORT_MESSAGES.cellCount(cells.length, columns.length));
      continue;
    }
    rows.push({
      line,
      cells: Object.fromEntries(columns.map((name, i) => [name, cells[i]!])),
    });
  }
  return { rows, problems };
}

export interface ImportTeam {
  id: number;
  name: string;
  location: string;
}

/** What the rows are checked against: the tournament, its teams and the days already taken. */
export interface ImportContext {
  startDate: string;
  endDate: string;
  /** The tournament's teams by `nameKey`. */
  teams: Map<string, ImportTeam>;
  /** Other teams' names by `nameKey`: named in the file, but not playing in the tournament. */
  outsiders: Map<string, string>;
  /** `${teamId} ${YYYY-MM-DD}` of each team's existing fixtures. */
  busy: Set<string>;
}

export interface PlannedFixture {
  line: number;
  home: ImportTeam;
  away: ImportTeam;
  scheduledAt: Date;
  venue: string;
}

const isDay = (v: string) => calendarDate('').safeParse(v).success;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Each row checked on its own and against the rows above it; the fixtures of the good ones. */
export function checkRows(rows: CsvRow[], ctx: ImportContext, problems: Problems) {
  const planned: PlannedFixture[] = [];
  /** The line of the first row in the file that has each team playing on each day. */
  const inFile = new Map<string, number>();
  for (const { line, cells } of rows) {
    const before = problems.get(line)?.length ?? 0;
    const refuse = (message: string) => add(problems, line, message);

    const day = cells.date ?? '';
    if (!isDay(day)) refuse(FIXTURE_IMPORT_MESSAGES.date);
    else if (day < ctx.startDate || day > ctx.endDate)
      refuse(FIXTURE_IMPORT_MESSAGES.dateOutside(ctx.startDate, ctx.endDate));
    const time = TIME.exec(cells.time || FIXTURE_START_TIME);
    if (!time) refuse(FIXTURE_IMPORT_MESSAGES.time);

    const teamOf = (column: 'home team' | 'away team') => {
      const name = cells[column] ?? '';
      const team = ctx.teams.get(nameKey(name));
      if (team) return team;
      const outsider = ctx.outsiders.get(nameKey(name));
      refuse(
        name === ''
          ? FIXTURE_IMPORT_MESSAGES.teamRequired(column)
          : outsider
            ? FIXTURE_IMPORT_MESSAGES.teamNotInTournament(outsider)
            : FIXTURE_IMPORT_MESSAGES.teamUnknown(name),
      );
      return undefined;
    };
    const home = teamOf('home team');
    const away = teamOf('away team');
    if (home && away && home.id === away.id) refuse(FIXTURE_IMPORT_MESSAGES.sameTeam);

    const given = (cells.venue ?? '').replace(/\s+/g, ' ');
    if (given.length > VENUE_MAX) refuse(FIXTURE_IMPORT_MESSAGES.venueTooLong);

    if (isDay(day))
      for (const team of [home, away]) {
        if (!team || home?.id === away?.id) continue;
        const key = `${team.id} ${day}`;
        const first = inFile.get(key);
        if (ctx.busy.has(key)) refuse(FIXTURE_IMPORT_MESSAGES.teamBusy(team.name, day));
        else if (first !== undefined)
          refuse(FIXTURE_IMPORT_MESSAGES.teamBusyInFile(team.name, day, first));
        else inFile.set(key, line);
      }

    if ((problems.get(line)?.length ?? 0) > before || !home || !away || !time) continue;
    const [, hours, minutes] = time;
    planned.push({
      line,
      home,
      away,
      scheduledAt: new Date(`${day}T${hours!.padStart(2, '0')}:${minutes}:00Z`),
      // As generate does: a ground's name may be longer than a venue holds.
      venue: given || home.location.slice(0, VENUE_MAX),
    });
  }
  return planned;
}
