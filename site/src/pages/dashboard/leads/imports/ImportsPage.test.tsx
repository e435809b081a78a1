import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anImport, apiTable } from '../../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../../test/render';
import { ImportsPage } from './ImportsPage';

/** An XMLHttpRequest that records what is sent and answers when the test says so. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body?: FormData;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    [this.method, this.url] = [method, url];
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const csv = [
  'Vorname,Nachname,Profile Link,Organisation,Role,Notes',
  'Ada,Lovelace,https://www.linkedin.com/in/ada,Analytical Engines,CTO,met at a fair',
  'Grace,Hopper,https://www.linkedin.com/in/grace,Navy,Admiral,',
].join('\n');

describe('ImportsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('maps a CSV with unusual headers, uploads it with its mapping, and shows the progress and the counts', async () => {
    let job = anImport({ status: 'processing', progress: 40, counts: {} });
    const api = apiTable({
      'GET /lead-imports': [200, { data: [], count: 0, page: 1, pageSize: 25, totalPages: 0 }],
      'GET /lead-imports/i1': () => [200, job],
    });
    vi.stubGlobal('fetch', api.fetch);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    renderWithApp(<ImportsPage />, '/dashboard/imports');

    expect(await screen.findByText('Nothing imported yet.', { exact: false })).toBeVisible();
    await user.upload(
      screen.getByLabelText('ZIP or CSV file to import'),
      new File([csv], 'crm-export.csv', { type: 'text/csv' }),
    );

    const mapping = await screen.findByRole('region', {
      name: 'Match the columns of crm-export.csv',
    });
    expect(within(mapping).getByText('Ada · Grace')).toBeVisible();
    expect(within(mapping).getByLabelText('Field for Vorname')).toHaveTextContent('First name');
    expect(within(mapping).getByLabelText('Field for Profile Link')).toHaveTextContent(
      'LinkedIn profile URL',
    );
    expect(within(mapping).getByLabelText('Field for Notes')).toHaveTextContent('Don’t import');
    // The guess missed "Role"'s neighbour: the member moves "Organisation" to Location instead.
    await user.click(within(mapping).getByLabelText('Field for Organisation'));
    await user.click(await screen.findByRole('option', { name: 'Location' }));
    await user.click(within(mapping).getByRole('button', { name: 'Import this CSV' }));

    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/lead-imports']);
    expect(JSON.parse(String(xhr.body!.get('mapping')))).toEqual({
      first_name: 'Vorname',
      last_name: 'Nachname',
      profile_url: 'Profile Link',
      location: 'Organisation',
      position: 'Role',
    });
    expect((xhr.body!.get('file') as File).name).toBe('crm-export.csv');

    act(() => xhr.progress(50, 200));
    expect(screen.getByRole('progressbar', { name: 'Uploading crm-export.csv' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    act(() => xhr.answer(202, { id: 'i1', status: 'queued', progress: 0, counts: {} }));

    expect(await screen.findByRole('progressbar', { name: 'Reading your file' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    job = anImport({
      counts: {
        'crm-export.csv': {
          rows: 2,
          leads_created: 1,
          leads_updated: 1,
          signals_added: 0,
          skipped: 1,
          skipped_examples: [{ line: 3, reason: 'No name, profile URL or e-mail' }],
        },
      },
    });
    expect(
      await screen.findByText(
        'Read 2 rows: 1 lead added, 1 updated, 0 signals added, 1 skipped.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Why rows were skipped' }));
    expect(screen.getByText('Line 3: No name, profile URL or e-mail')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your leads' })).toHaveAttribute(
      'href',
      '/dashboard/leads',
    );
  });

  it('uploads a LinkedIn export file as it is, and says why a refused upload was refused', async () => {
    vi.stubGlobal(
      'fetch',
      apiTable({
        'GET /lead-imports': [200, { data: [], count: 0, page: 1, pageSize: 25, totalPages: 0 }],
      }).fetch,
    );
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    renderWithApp(<ImportsPage />, '/dashboard/imports');

    await user.upload(
      await screen.findByLabelText('ZIP or CSV file to import'),
      new File(['PK'], 'Basic_LinkedInDataExport_11-20-2026.zip', { type: 'application/zip' }),
    );
    expect(FakeXhr.last.body!.get('mapping')).toBeNull();
    act(() =>
      FakeXhr.last.answer(413, {
        statusCode: 413,
        code: 'import_too_large',
        message:
          'That file is too large. An archive may hold up to 100 MB, 2,000 files and 1 GB unpacked.',
      }),
    );
    expect(await screen.findByText(/That file is too large/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));

    await user.upload(
      screen.getByLabelText('ZIP or CSV file to import'),
      new File(['Notes:\n"When exporting…"\n\nFirst Name,Last Name,URL\n'], 'Connections.csv'),
    );
    expect(FakeXhr.last.body!.get('mapping')).toBeNull();
    expect(screen.queryByRole('region', { name: /Match the columns/ })).toBeNull();
  });
});
