import type { UploadData } from '@cricket/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http';

export const UPLOAD_FAILED_MESSAGE = 'Failed to upload profile picture file';

/** POST /media/upload (type profile_pictures): the stored file's URL. */
export async function uploadProfilePicture(file: File): Promise<string> {
  const form = new FormData();
  form.append('type', 'profile_pictures');
  form.append('files', file);
  const response = await request<UploadData>('/media/upload', { method: 'POST', body: form });
  const url = response.data.files[0]?.url;
  if (!url) throw new Error(UPLOAD_FAILED_MESSAGE);
  return url;
}

export function useUploadProfilePicture() {
  return useMutation({ mutationFn: uploadProfilePicture });
}
