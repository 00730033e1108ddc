// `npm start`: the whole product on one port, with no AWS account and no Docker.
import { startLocalStack } from './stack';

const stack = await startLocalStack({ quiet: false });
console.log(`
  Clinic Suite is running.

  App:    ${stack.url}
  Inbox:  ${stack.inboxUrl}   (mail sent by the app, e.g. sign-up codes)
  Data:   kept in .data/ between runs
  Cards:  ${stack.stripeMode === 'local-checkout' ? 'local test checkout (set STRIPE_SECRET_KEY for Stripe test mode)' : 'Stripe test mode'}

  Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await stack.stop();
    process.exit(0);
  });
}
