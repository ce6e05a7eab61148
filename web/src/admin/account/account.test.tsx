import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, type Call, renderAdmin } from '../test-utils';
import { authenticatorUri, manualSecret } from './two-factor-api';

// As better-auth writes it: the issuer's spaces as "+" in the query.
const TOTP_URI =
  'otpauth://totp/Bloom%20%26%20Balance:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bloom+%26+Balance&digits=6&period=30';
const CODES = ['abcde-12345', 'fghij-67890', 'klmno-13579'];

const refusal = (status: number, code: string, message = code) =>
  Response.json({ code, message }, { status });

/** An editor whose role is in REQUIRE_2FA_ROLES; enrolment flips what /api/auth/user says. */
function enrolmentApi() {
  const state = { enabled: false };
  return {
    state,
    routes: {
      'GET /api/auth/user': () => ({
        ...adminUser,
        isAdmin: false,
        role: 'editor',
        twoFactorRequired: true,
        twoFactorEnabled: state.enabled,
      }),
      'POST /api/auth/two-factor/enable': (c: Call) =>
        (c.body as { password: string }).password === 'right-password'
          ? { totpURI: TOTP_URI, backupCodes: CODES }
          : refusal(400, 'INVALID_PASSWORD', 'Invalid password'),
      'POST /api/auth/two-factor/verify-totp': (c: Call) => {
        if ((c.body as { code: string }).code !== '123456')
          return refusal(401, 'INVALID_CODE', 'Invalid code');
        state.enabled = true;
        return { token: 't', user: {} };
      },
      'GET /api/admin/content': [],
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('two-step sign-in on the account page (issue 42 §4)', () => {
  it('the otpauth URI keeps its parameters, spaces written as %20, and the key reads in groups of four', () => {
    expect(authenticatorUri(TOTP_URI)).toBe(
      'otpauth://totp/Bloom%20%26%20Balance:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bloom%20%26%20Balance&digits=6&period=30',
    );
    expect(manualSecret(TOTP_URI)).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('a role that must enrol sees the enrolment instead of the tabs: password, QR code and key, a code, backup codes once, then the dashboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { routes, state } = enrolmentApi();
    const { api, platform } = renderAdmin('/admin', routes);

    expect(await screen.findByRole('heading', { name: 'Turn on two-step sign-in', level: 1 })).toBeTruthy();
    expect(screen.getByText(/Your role needs two-step sign-in before the dashboard opens/)).toBeTruthy();
    expect(screen.queryAllByRole('tab')).toEqual([]);
    // The devices list is a staff call the server refuses until then: not asked for.
    expect(api.calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    const password = screen.getByLabelText('Password');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right.');

    await user.clear(password);
    await user.type(password, 'right-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const qr = (await screen.findByRole('img', {
      name: 'QR code for your authenticator app',
    })) as HTMLImageElement;
    // Drawn by the qrcode library from the URI: an SVG picture, no request anywhere.
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(qr.src)).toContain('<svg');
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');

    const code = screen.getByLabelText('6-digit code from the app');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6-digit code the app shows.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.includes('verify-totp'))).toEqual([]);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the app and try again.',
    );
    expect(state.enabled).toBe(false);

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const heading = await screen.findByRole('heading', { name: 'Your backup codes' });
    expect(document.activeElement).toBe(heading);
    const list = screen.getByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(
      api.calls.find((c) => c.path.includes('verify-totp') && (c.body as { code: string }).code === '123456'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(`${CODES.join('\n')}\n`);
    expect(await screen.findByText('Codes copied.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download codes' }).getAttribute('download')).toBe(
      'backup-codes.txt',
    );
    // Still the enrolment until the codes are saved: closing them opens the dashboard.
    expect(screen.queryAllByRole('tab')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('tab', { name: 'Articles' })).toBeTruthy();
    expect(screen.queryByText('abcde-12345')).toBeNull();
    expect(platform.signIn).not.toHaveBeenCalled();
  });

  it('with two-step sign-in on: new backup codes and turning it off each ask for the password', async () => {
    const user = userEvent.setup();
    let enabled = true;
    const { api } = renderAdmin('/admin?view=account', {
      'GET /api/auth/user': () => ({ ...adminUser, twoFactorRequired: false, twoFactorEnabled: enabled }),
      'GET /api/admin/account/sessions': [],
      'POST /api/auth/two-factor/generate-backup-codes': { status: true, backupCodes: ['new01-new01'] },
      'POST /api/auth/two-factor/disable': () => {
        enabled = false;
        return { status: true };
      },
    });
    await screen.findByRole('heading', { name: 'Your account', level: 1 });
    expect(screen.getByText(/Two-step sign-in is/).textContent).toContain('on');

    await user.click(screen.getByRole('button', { name: 'New backup codes' }));
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('new01-new01')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(
      await screen.findByText('Your new backup codes are ready. The old ones no longer work.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step sign-in is off.')).toBeTruthy();
    await screen.findByRole('button', { name: 'Turn on two-step sign-in' });
    expect(api.calls.find((c) => c.path === '/api/auth/two-factor/disable')?.body).toEqual({
      password: 'my-password',
    });
  });
});

describe('signed-in devices on the account page (issue 42 §5)', () => {
  const now = Date.now();
  const sessions = [
    {
      id: 's-here',
      current: true,
      device: 'Firefox on Windows',
      ipAddress: '203.0.113.7',
      lastSeenAt: new Date(now - 60_000).toISOString(),
      createdAt: new Date(now - 86_400_000).toISOString(),
    },
    {
      id: 's-app',
      current: false,
      device: 'Desktop app on Linux',
      ipAddress: '198.51.100.4',
      lastSeenAt: new Date(now - 3 * 3_600_000).toISOString(),
      createdAt: new Date(now - 2 * 86_400_000).toISOString(),
    },
    {
      id: 's-phone',
      current: false,
      device: 'Safari on iOS',
      ipAddress: null,
      lastSeenAt: new Date(now - 2 * 86_400_000).toISOString(),
      createdAt: new Date(now - 3 * 86_400_000).toISOString(),
    },
  ];

  it('opens from "Your account" on the dashboard, lists each device in words with IP and last seen, and signs one out', async () => {
    const user = userEvent.setup();
    let list = [...sessions];
    const { api, location } = renderAdmin('/admin', {
      'GET /api/admin/content': [],
      'GET /api/admin/account/sessions': () => list,
      'DELETE /api/admin/account/sessions/s-app': () => {
        list = list.filter((s) => s.id !== 's-app');
        return { ended: 1 };
      },
      'POST /api/auth/revoke-other-sessions': () => {
        list = list.filter((s) => s.current);
        return { status: true };
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Your account' }));
    expect(location()).toBe('/admin?view=account');
    expect(await screen.findByRole('heading', { name: 'Your account', level: 1 })).toBeTruthy();
    expect(screen.queryAllByRole('tab')).toEqual([]);

    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Firefox on WindowsThis device',
      'Desktop app on Linux',
      'Safari on iOS',
    ]);
    expect(rows[0]!.textContent).toContain('Last seen 1 minute ago · IP address 203.0.113.7');
    expect(rows[1]!.textContent).toContain('Last seen 3 hours ago · IP address 198.51.100.4');
    expect(rows[2]!.textContent).toContain('IP address unknown');
    // This device has no "Sign out" of its own (the site's Sign Out does that).
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(
      within(rows[1]!).getByRole('button', { name: 'Sign out Desktop app on Linux, last seen 3 hours ago' }),
    );
    await waitFor(() => expect(screen.queryByText('Desktop app on Linux')).toBeNull());
    expect(await screen.findByText('That device is signed out.')).toBeTruthy();
    expect(
      api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/account/sessions/s-app'),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else?' });
    expect(dialog.textContent).toContain(
      'Every other device (1) will be signed out. This device stays signed in.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(screen.getByText('Firefox on Windows')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('tab', { name: 'Articles' })).toBeTruthy();
  });
});
