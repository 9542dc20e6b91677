import type { MediaType, UploadData } from '@cricket/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, request } from '@/lib/http';
import { TEAM_MESSAGES } from '@cricket/contracts';

const TEAM_LOGOS: MediaType = 'team_logos';

/** POST /media/upload with type team_logos; resolves to the stored file's URL. */
export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('type', TEAM_LOGOS);
  form.append('files', file);
  const body = await request<UploadData>('/media/upload', { method: 'POST', body: form });
  const url = body.data.files[0]?.url;
  // Spec §8: an answer without files is a failed upload too.
  if (!url) throw new ApiError(200, TEAM_MESSAGES.logoUploadFailed);
  return url;
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}
