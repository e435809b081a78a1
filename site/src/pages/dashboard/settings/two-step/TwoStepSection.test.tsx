import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../../test/render';
import { recoveryCodesText, RECOVERY_CODES_FILE } from './two-step-text';
import { TwoStepSection } from './TwoStepSection';

const user = (factors: object[]) => ({
  id: 'u',
  email: 'ada@example.com',
  created_at: '',
  metadata: {},
  factors,
});
const enrolment = {
  factor_id: 'f1',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/LeadPulse:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z"/></svg>',
};
const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-000${i}`);
const factor = { id: 'f1', type: 'totp', created_at: '2026-03-03T10:00:00.000Z' };

describe('TwoStepSection', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('turns on with the QR code or its key and a first code, then shows the recovery codes once', async () => {
    const fetch = stubApi({
      'GET /auth/user': [200, user([])],
      'POST /auth/mfa/totp/enroll': [200, enrolment],
      'POST /auth/mfa/totp/verify': [200, { recovery_codes: codes }],
    });
    renderWithApp(<TwoStepSection />);
    const clicker = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    await clicker.click(
      await screen.findByRole('button', { name: 'Turn on two-step verification' }),
    );

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe(
      `data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`,
    );
    expect(screen.getByLabelText('Setup key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await clicker.type(screen.getByLabelText(/^6-digit code/), '123456');
    await clicker.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByText('Two-step verification is on.')).toBeInTheDocument();
    const verify = fetch.mock.calls.find(([url]) => url.endsWith('/auth/mfa/totp/verify'));
    expect(JSON.parse(String(verify?.[1]?.body))).toEqual({ factor_id: 'f1', code: '123456' });

    // Download saves them as a text file; Copy puts the same text on the clipboard.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await clicker.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(RECOVERY_CODES_FILE);
    const saved = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(createObjectURL.mock.calls[0][0]);
    });
    expect(saved).toBe(recoveryCodesText(codes));
    click.mockRestore();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await clicker.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(recoveryCodesText(codes));
    expect(await screen.findByText('Recovery codes copied.')).toBeInTheDocument();

    stubApi({ 'GET /auth/user': [200, user([factor])] });
    await clicker.click(screen.getByRole('button', { name: "I've saved my codes" }));
    expect(await screen.findByText(/On since March 3, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('says when the first code is wrong', async () => {
    stubApi({
      'GET /auth/user': [200, user([])],
      'POST /auth/mfa/totp/enroll': [200, enrolment],
      'POST /auth/mfa/totp/verify': [
        400,
        { statusCode: 400, code: 'invalid_mfa_code', message: 'server text' },
      ],
    });
    renderWithApp(<TwoStepSection />);
    const clicker = userEvent.setup();
    await clicker.click(
      await screen.findByRole('button', { name: 'Turn on two-step verification' }),
    );
    await clicker.type(await screen.findByLabelText(/^6-digit code/), '000000');
    await clicker.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(
      await screen.findByText('That code is not valid. Please check it and try again.'),
    ).toBeInTheDocument();
  });

  it('turns off with a code, after saying so when one is wrong', async () => {
    const fetch = stubApi({
      'GET /auth/user': [200, user([factor])],
      'DELETE /auth/mfa/factors/f1': [
        400,
        { statusCode: 400, code: 'invalid_mfa_code', message: 'server text' },
      ],
    });
    renderWithApp(<TwoStepSection />);
    const clicker = userEvent.setup();
    await clicker.click(
      await screen.findByRole('button', { name: 'Turn off two-step verification' }),
    );
    await clicker.type(screen.getByLabelText(/^Code or recovery code/), '111111');
    await clicker.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByText('That code is not valid. Please check it and try again.'),
    ).toBeInTheDocument();

    const removal = stubApi({
      'GET /auth/user': [200, user([])],
      'DELETE /auth/mfa/factors/f1': [204],
    });
    await clicker.clear(screen.getByLabelText(/^Code or recovery code/));
    await clicker.type(screen.getByLabelText(/^Code or recovery code/), 'AAAA-BBBB-CCCC-0001');
    await clicker.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step verification is off.')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Turn on two-step verification' }),
    ).toBeInTheDocument();
    const call = removal.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ code: 'AAAA-BBBB-CCCC-0001' });
    expect(fetch).toHaveBeenCalled();
  });
});
