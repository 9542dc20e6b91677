import type { Db } from '../../db/client';
import { media } from '../../db/schema';

export async function recordMedia(
  db: Db,
  rows: { type: string; fileName: string; originalName: string; mimeType: string; size: number; uploadedBy: number }[],
) {
  await db.insert(media).values(rows);
}
