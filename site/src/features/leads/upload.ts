import type { CsvMapping, LeadImportAccepted } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { sessionClient } from '../auth/session';

interface XhrAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Sends one file to POST /api/lead-imports with XMLHttpRequest, whose upload events give the
 * bytes sent (fetch cannot report an upload's progress in every browser). `onProgress` gets 0–100.
 */
export async function uploadImport(
  file: File,
  options: { mapping?: CsvMapping; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<LeadImportAccepted> {
  const answer = await sessionClient.authorized(
    (token) => send(file, token, options),
    (result) => result.status === 401,
  );
  if (answer.status >= 200 && answer.status < 300) return answer.body as LeadImportAccepted;
  const { body } = answer;
  throw new ApiError(
    {
      statusCode: answer.status,
      code:
        typeof body.code === 'string'
          ? body.code
          : answer.status === 0
            ? 'network_error'
            : answer.status === 413
              ? 'import_too_large'
              : 'unexpected_error',
      message:
        typeof body.message === 'string'
          ? body.message
          : 'The upload did not go through. Please try again.',
    },
    body,
  );
}

function send(
  file: File,
  token: string | undefined,
  { mapping, onProgress, signal }: Parameters<typeof uploadImport>[1],
): Promise<XhrAnswer> {
  return new Promise((resolve) => {
    const form = new FormData();
    // The mapping goes first: the server reads the fields before the file's stream.
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/lead-imports');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Record<string, unknown>) : {};
      } catch {
        // A proxy's HTML page: the status says enough.
      }
      if (xhr.status < 300) onProgress?.(100);
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: {} });
    xhr.onabort = () =>
      resolve({ status: 0, body: { code: 'aborted', message: 'The upload was cancelled.' } });
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
