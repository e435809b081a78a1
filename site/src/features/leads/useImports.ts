import { useCallback, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { guessMapping, type CsvMapping, type LeadImport, type Paged } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { isLinkedInExportCsv } from './csv-mapping';
import { readCsvPreview, readFileStart, type CsvPreview } from './csv-preview';
import { leadsApi } from './leads-api';
import { uploadImport } from './upload';
import { leadKeys } from './useLeads';

/** How often a running import is asked for. */
export const IMPORT_POLL_MS = 1000;

const running = (item: Pick<LeadImport, 'status'>) =>
  item.status === 'queued' || item.status === 'processing';

// Apart, so that refreshing the list never refreshes an import being followed (and so on).
const importKeys = {
  list: ['lead-imports', 'list'] as const,
  one: (id: string) => ['lead-imports', 'one', id] as const,
};

/** The member's imports, newest first; asked for again while one of them runs. */
export function useImportList() {
  return useQuery({
    queryKey: importKeys.list,
    queryFn: async () => {
      const answer = (await leadsApi.imports()) as Paged<LeadImport> | LeadImport[];
      return Array.isArray(answer) ? answer : answer.data;
    },
    refetchInterval: (query) => (query.state.data?.some(running) ? IMPORT_POLL_MS * 3 : false),
  });
}

/** One import, polled until it is done or has failed; then the leads and the list refresh. */
export function useImportProgress(id: string | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => {
      const item = await leadsApi.import(id!);
      if (!running(item))
        await Promise.all([
          client.invalidateQueries({ queryKey: leadKeys.all }),
          client.invalidateQueries({ queryKey: importKeys.list }),
        ]);
      return item;
    },
    refetchInterval: (query) =>
      !query.state.data || running(query.state.data) ? IMPORT_POLL_MS : false,
  });
}

export type UploadStep =
  | { step: 'idle' }
  | { step: 'reading'; file: File }
  | { step: 'mapping'; file: File; preview: CsvPreview; mapping: CsvMapping }
  | { step: 'uploading'; file: File; percent: number }
  | { step: 'importing'; id: string; fileName: string }
  | { step: 'failed'; error: ApiError; file?: File };

const ZIP = /\.zip$/i;
const CSV = /\.(csv|txt)$/i;

const unreadable = (message: string) =>
  new ApiError({ statusCode: 400, code: 'import_unreadable', message });

/**
 * The import flow: a file is chosen; a plain CSV first shows its columns with a guessed mapping;
 * then the upload (with its progress) and the job (followed by id).
 */
export function useImportFlow() {
  const [state, setState] = useState<UploadStep>({ step: 'idle' });
  const client = useQueryClient();
  const abort = useRef<AbortController | null>(null);

  const upload = useCallback(
    async (file: File, mapping?: CsvMapping) => {
      abort.current = new AbortController();
      setState({ step: 'uploading', file, percent: 0 });
      try {
        const accepted = await uploadImport(file, {
          mapping,
          signal: abort.current.signal,
          onProgress: (percent) =>
            setState((current) =>
              current.step === 'uploading' ? { ...current, percent } : current,
            ),
        });
        setState({ step: 'importing', id: accepted.id, fileName: file.name });
        void client.invalidateQueries({ queryKey: importKeys.list });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'aborted') setState({ step: 'idle' });
        else setState({ step: 'failed', error: asApiError(error), file });
      }
    },
    [client],
  );

  const choose = useCallback(
    async (file: File) => {
      if (ZIP.test(file.name)) return upload(file);
      if (!CSV.test(file.name))
        return setState({
          step: 'failed',
          error: unreadable('Choose the ZIP LinkedIn sent you, or a CSV file.'),
        });
      setState({ step: 'reading', file });
      try {
        const preview = readCsvPreview(await readFileStart(file));
        if (isLinkedInExportCsv(file.name, preview.header)) return upload(file);
        if (preview.header.length === 0)
          return setState({ step: 'failed', error: unreadable('That CSV file is empty.'), file });
        setState({ step: 'mapping', file, preview, mapping: guessMapping(preview.header) });
      } catch {
        setState({ step: 'failed', error: unreadable('We could not read that file.'), file });
      }
    },
    [upload],
  );

  const sample = useMutation({
    mutationFn: leadsApi.importSample,
    onSuccess: (accepted) => {
      setState({ step: 'importing', id: accepted.id, fileName: 'Sample data' });
      void client.invalidateQueries({ queryKey: importKeys.list });
    },
    onError: (error) => setState({ step: 'failed', error: asApiError(error) }),
  });

  const follow = useCallback(
    (id: string) => setState({ step: 'importing', id, fileName: 'your file' }),
    [],
  );

  return {
    state,
    choose,
    /** Follows an import started elsewhere. */
    follow,
    setMapping: (mapping: CsvMapping) =>
      setState((current) => (current.step === 'mapping' ? { ...current, mapping } : current)),
    confirmMapping: () => {
      if (state.step === 'mapping') void upload(state.file, state.mapping);
    },
    cancelUpload: () => abort.current?.abort(),
    reset: () => setState({ step: 'idle' }),
    trySample: () => sample.mutate(),
    sampleStarting: sample.isPending,
  };
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError({
        statusCode: 0,
        code: 'unexpected_error',
        message: 'An unexpected error occurred. Please try again.',
      });
}
