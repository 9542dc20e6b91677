import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import {
  CSV_MEDIA_TYPE,
  EXPORT_BATCH_ROWS,
  exportFileName,
  type PermissionName,
} from '@cricket/contracts';

/**
 * An export's columns: each key of the row a column, named by its header (contracts'
 * `<LIST>_EXPORT_COLUMNS`), in this order. Only these leave, so no hash or token rides along.
 */
export type CsvColumns<Row, K extends keyof Row & string> = Readonly<Record<K, string>>;

/**
 * OWASP's CSV injection defence: a spreadsheet reads a cell starting with one of these as a
 * formula (or, tab and carriage return, as the cell after one), so such a cell gets a leading
 * single quote and is read as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralised = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/** The list's rows as CSV records, a batch at a time; stopping it stops the reading. */
async function* records<Row>(
  batches: AsyncIterator<Row[]>,
  first: IteratorResult<Row[]>,
  keys: readonly (keyof Row)[],
) {
  try {
    for (let step = first; !step.done; step = await batches.next()) {
      for (const row of step.value) yield keys.map((key) => row[key]);
    }
  } finally {
    await batches.return?.();
  }
}

/**
 * Streams `batches` as a CSV download named `<list>-<day>.csv`: a header row, then a record
 * per row. The first batch is read before anything is sent, so a failure there is an ordinary
 * error answer; the stream then asks for the next batch only as the client takes the bytes.
 */
export async function sendCsv<Row, K extends keyof Row & string>(
  reply: FastifyReply,
  o: { list: string; day: Date; columns: CsvColumns<Row, K>; batches: AsyncIterable<Row[]> },
) {
  const keys = Object.keys(o.columns) as K[];
  const batches = o.batches[Symbol.asyncIterator]();
  const first = await batches.next();
  const csv = stringify({
    header: true,
    columns: keys.map((key) => o.columns[key]),
    cast: {
      string: neutralised,
      boolean: (value) => (value ? 'true' : 'false'),
      date: (value) => value.toISOString(),
    },
  });
  const source = Readable.from(records(batches, first, keys), { highWaterMark: 16 });
  source.on('error', (error) => csv.destroy(error));
  reply
    .header('content-type', CSV_MEDIA_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${exportFileName(o.list, o.day.toISOString().slice(0, 10))}"`,
    )
    .header('cache-control', 'no-store');
  return reply.send(source.pipe(csv));
}

/**
 * `GET /api/<list>/export`: the list's rows matching its query, in its sort, as CSV (issue 33).
 * A list declares its permission, its query (the list's own, `exportQuery`), its columns and
 * how to read its rows in batches (`keysetBatches`); the route, its document and the stream
 * are the same for every list.
 */
export function listExportRoute<
  Q extends ZodType,
  Row,
  K extends keyof Row & string,
  P extends ZodType = ZodType<Record<string, never>>,
>(
  app: FastifyInstance,
  o: {
    /** The file's name (`<list>-<day>.csv`) and, without `path`, the route's: `/api/<list>`. */
    list: string;
    /** The list's own path, where it is not `/api/<list>` (`/api/wa/templates`). */
    path?: string;
    /** The path's parameters, for a list inside a record (a send's deliveries). */
    params?: P;
    access: PermissionName;
    tag: string;
    querystring: Q;
    rows: (query: z.output<Q>, params: z.output<P>) => AsyncIterable<Row[]>;
    columns: CsvColumns<Row, K>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get(`${o.path ?? `/api/${o.list}`}/export`, {
    config: { access: o.access },
    schema: {
      ...(o.params ? { params: o.params } : {}),
      tags: [o.tag],
      summary: `Every ${o.list.replace(/-/g, ' ')} row matching the list's filters, as CSV`,
      description:
        `The list's filters and sort, without its page: every matching row in the list's order, ` +
        `as \`${CSV_MEDIA_TYPE}\` with a header row (${Object.values<string>(o.columns).join(', ')}), ` +
        `served as a download named \`${exportFileName(o.list, 'YYYY-MM-DD')}\`. Read in batches ` +
        `of ${EXPORT_BATCH_ROWS} rows, so an export of any size streams. A cell starting with =, +, ` +
        `-, @, tab or carriage return is prefixed with a single quote (CSV injection).`,
      querystring: o.querystring,
      produces: ['text/csv'],
      response: { 200: z.string().meta({ description: 'The CSV file' }) },
    },
    handler: async (request, reply) =>
      sendCsv(reply, {
        list: o.list,
        day: app.clock(),
        columns: o.columns,
        batches: o.rows(request.query as z.output<Q>, request.params as z.output<P>),
      }),
  });
}
