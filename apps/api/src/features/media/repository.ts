import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import type { AuditWriter } from '../../plugins/audit';

/**
 * Records one upload's files. The audit record names the first file's row and lists every
 * file of the upload, so an upload of several files is still one record.
 */
export async function recordMedia(
  db: Db,
  rows: {
    type: string;
    fileName: string;
    originalName: string;
    mimeType: string;
    size: number;
    uploadedBy: number;
  }[],
  audit: AuditWriter,
) {
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(media).values(rows).returning({ id: media.id });
    await audit(tx, {
      entityId: inserted[0]!.id,
      action: 'create',
      after: {
        type: rows[0]!.type,
        files: rows.map((r) => ({ name: r.originalName, file: r.fileName, size: r.size })),
      },
    });
  });
}
