/** A presigned POST as the API hands it out (a bucket URL, the policy's form fields, the object key). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  key: string;
}

/**
 * Posts the multipart form of a presigned POST straight to the bucket with XMLHttpRequest, whose
 * upload progress events drive the progress bar (fetch has none). `onProgress` gets 0 to 100.
 */
export function postToBucket(upload: PresignedPost, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new Error(`the storage answered HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error('could not reach the storage. Please check your connection.'));
    xhr.onabort = () => reject(new Error('the upload was cancelled'));
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', file);
    xhr.send(form);
  });
}
