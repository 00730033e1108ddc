// The two-step sign-in card's pieces on their own: the recovery codes (copy, download, done), the set-up
// step's key and its Turn on rule, and the card while on (driven by the real useTwoFactor hook).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { mockApi } from '../../../testing/render';
import { useTwoFactor } from '../hooks/use-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { SetupStep, TwoFactorOn } from './two-factor-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RecoveryCodes', () => {
  it('lists the codes, copies them as one text, downloads a file, and says when they are saved', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const success = vi.spyOn(notify, 'success').mockImplementation(() => '');
    const createObjectURL = vi.fn(() => 'blob:codes');
    // jsdom has no object URLs; this file runs in its own environment, and the two go after the test.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const onDone = vi.fn();
    render(<RecoveryCodes codes={['aaaaa-bbbbb', 'ccccc-ddddd']} onDone={onDone} />);
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent('aaaaa-bbbbbccccc-ddddd');
    expect(screen.getByRole('status')).toHaveTextContent('They are shown only now.');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Clinic Suite recovery codes (each works once)\n\naaaaa-bbbbb\nccccc-ddddd\n');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Copied'));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(createObjectURL).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('clinic-suite-recovery-codes.txt');
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(onDone).toHaveBeenCalledOnce();
    click.mockRestore();
    Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
  });
});

function Setup() {
  const tf = useTwoFactor(async () => {});
  return <SetupStep tf={tf} secret="JBSWY3DPEHPK3PXP" uri="otpauth://totp/Clinic%20Suite:olive?secret=JBSWY3DPEHPK3PXP" />;
}

function On({ reload }: { reload: () => Promise<unknown> }) {
  const tf = useTwoFactor(reload);
  return (
    <>
      <p data-testid="status">{tf.status?.text}</p>
      {tf.step.kind === 'regenerate' ? <p>Regenerate step</p> : <TwoFactorOn tf={tf} recoveryCodesLeft={7} required />}
    </>
  );
}

describe('two-step sign-in steps with useTwoFactor', { timeout: 10_000 }, () => {
  it('set-up: shows the key in groups of four; Turn on waits for six digits and the password', async () => {
    const user = userEvent.setup();
    render(<Setup />);
    expect(screen.getByLabelText('Set-up key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    await user.type(screen.getByLabelText('Code from the app'), '12345');
    await user.type(screen.getByLabelText('Your password'), 'Secret-123');
    expect(turnOn).toBeDisabled();
    await user.type(screen.getByLabelText('Code from the app'), '6');
    expect(turnOn).toBeEnabled();
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
  });

  it('on: says the codes left and the organisation rule, turns off with a code, and opens new codes', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(notify, 'success').mockImplementation(() => '');
    const calls = mockApi({ 'POST /api/users/two-factor/disable': { status: 200, body: { message: 'Off' } } });
    const reload = vi.fn(async () => {});
    render(<On reload={reload} />);
    expect(screen.getByText(/Recovery codes left:/)).toHaveTextContent('Recovery codes left: 7.');
    expect(screen.getByText(/Your organisation requires two-step sign-in/)).toBeInTheDocument();
    const off = screen.getByRole('button', { name: 'Turn off' });
    expect(off).toBeDisabled();
    await user.type(screen.getByLabelText('Code from the app, or a recovery code, to turn it off'), '123456');
    await user.click(off);
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(success).toHaveBeenCalledWith('Two-step sign-in is off.');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { code: '123456' } });
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    expect(screen.getByText('Regenerate step')).toBeInTheDocument();
  });
});
