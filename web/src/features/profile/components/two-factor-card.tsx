// Two-step sign-in: set up (QR code and secret), confirm with a code and the password (then the
// recovery codes, shown once), make new recovery codes (password and a code), or turn off with a code.
// The password is asked again so a stolen session alone cannot put another app on the account.
import { Card } from '../../../components/card';
import { Loading } from '../../../components/loading';
import { StatusBanner } from '../../../components/status-banner';
import { SESSION_KEY } from '../../../lib/account-session';
import { useApi } from '../../../lib/swr';
import { useTwoFactor } from '../hooks/use-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { RegenerateStep, SetupStep, TwoFactorOff, TwoFactorOn } from './two-factor-steps';

export function TwoFactorCard() {
  const { data, error, mutate } = useApi(SESSION_KEY);
  const tf = useTwoFactor(mutate);
  const { step } = tf;

  let body;
  if (error) body = <StatusBanner status={{ kind: 'danger', text: 'Your sign-in settings could not be loaded. Please reload the page.' }} />;
  else if (!data) body = <Loading label="Loading..." showLabel />;
  else if (step.kind === 'codes') body = <RecoveryCodes codes={step.codes} onDone={tf.codesSaved} />;
  else if (step.kind === 'setup') body = <SetupStep tf={tf} secret={step.secret} uri={step.uri} />;
  else if (step.kind === 'regenerate') body = <RegenerateStep tf={tf} />;
  else if (data.twoFactorEnabled) body = <TwoFactorOn tf={tf} recoveryCodesLeft={data.recoveryCodesLeft} required={Boolean(data.twoFactorRequired)} />;
  else body = <TwoFactorOff tf={tf} />;

  return (
    <Card titleId="two-factor-title" title="Two-step sign-in" status={tf.status}>
      {body}
    </Card>
  );
}
