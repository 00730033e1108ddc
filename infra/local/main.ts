// `npm start`: the whole product on one port, with no AWS account and no Docker.
import { startLocalStack, type LocalStack } from './stack';

let stack: LocalStack | undefined;
let stopping = false;

async function shutDown(code: number) {
  stopping = true;
  // A stop that hangs (a stuck service) must not keep the terminal.
  setTimeout(() => {
    console.error('Stopping took too long; exiting now.');
    process.exit(code || 1);
  }, 30_000).unref();
  await stack?.stop();
  process.exit(code);
}

stack = await startLocalStack({
  quiet: false,
  longRunning: true,
  onFatal: (error) => {
    if (stopping) return;
    console.error(`\n${error.message}\nThe app cannot run without its database, so it stops now. Run "npm start" again; if this repeats, check that java works (java -version).`);
    void shutDown(1);
  },
});
console.log(`
  Clinic Suite is running.

  App:    ${stack.url}
  Inbox:  ${stack.inboxUrl}   (mail sent by the app, e.g. sign-up codes)
  Data:   kept in .data/ between runs
  Cards:  ${stack.stripeMode === 'local-checkout' ? 'local test checkout (set STRIPE_SECRET_KEY for Stripe test mode)' : 'Stripe test mode'}

  Press Ctrl-C to stop.
`);

let firstSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!stopping) {
      firstSignalAt = Date.now();
      console.log('\nStopping: letting requests in flight finish (at most 10 s)... Press Ctrl-C again to stop at once.');
      void shutDown(0);
      return;
    }
    // Ctrl-C reaches this process twice (from the terminal and forwarded by scripts/start.mjs).
    if (Date.now() - firstSignalAt < 1_000) return;
    console.log('Stopping at once.');
    process.exit(1);
  });
}
