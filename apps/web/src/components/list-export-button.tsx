import { EXPORT_LABELS, EXPORT_MESSAGES } from '@cricket/contracts';
import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { saveFile } from '@/lib/download';
import { download, errorMessage, type RequestOptions } from '@/lib/http';

const NEWLINE = 10;

/**
 * A list's 'Export CSV' (issue 33): every row matching the list's filters and sort, from
 * `GET /api/<list>/export`, saved as the file the server names. While it downloads the button
 * gives way to the rows received so far and Cancel. `query` is the list's query without page.
 */
export function ListExportButton({
  list,
  fileName = list,
  query,
}: {
  /** The list's path under /api, e.g. `teams` or `wa/templates`. */
  list: string;
  /** The file's name when the server gives none (`<fileName>.csv`). */
  fileName?: string;
  query: RequestOptions['query'];
}) {
  const [rows, setRows] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    const controller = new AbortController();
    running.current = controller;
    let lines = 0;
    setRows(0);
    try {
      const file = await download(`/${list}/export`, {
        query,
        signal: controller.signal,
        onChunk: (chunk) => {
          for (const byte of chunk) if (byte === NEWLINE) lines += 1;
          // The first line is the header row.
          setRows(Math.max(0, lines - 1));
        },
      });
      saveFile(file.fileName ?? `${fileName}.csv`, file.blob);
      toast.success(EXPORT_MESSAGES.done(Math.max(0, lines - 1)));
    } catch (error) {
      if (controller.signal.aborted) toast(EXPORT_MESSAGES.cancelled);
      else toast.error(errorMessage(error, EXPORT_MESSAGES.failed));
    } finally {
      running.current = null;
      setRows(null);
    }
  }

  if (rows === null) {
    return (
      <Button variant="secondary" onClick={() => void start()}>
        <Download className="size-4" aria-hidden="true" />
        {EXPORT_LABELS.button}
      </Button>
    );
  }
  return (
    <span className="flex items-center gap-2">
      <span role="status" className="text-sm text-neutral-600 tabular-nums">
        {EXPORT_LABELS.progress(rows)}
      </span>
      <Button variant="secondary" onClick={() => running.current?.abort()}>
        <X className="size-4" aria-hidden="true" />
        {EXPORT_LABELS.cancel}
      </Button>
    </span>
  );
}
