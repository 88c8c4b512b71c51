/**
 * Sends a file to storage through a presigned POST (the policy's fields first, the file last, as
 * S3 requires), reporting progress. XMLHttpRequest, because fetch cannot report upload progress.
 */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export function uploadWithProgress(
  upload: PresignedPost,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', upload.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(`the storage refused the file (HTTP ${request.status})`));
      }
    });
    request.addEventListener('error', () => reject(new Error('the connection to the storage failed')));
    request.addEventListener('abort', () => reject(new Error('the upload was cancelled')));
    request.send(form);
  });
}
