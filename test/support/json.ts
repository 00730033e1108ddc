// The one loose type of the test suite: a value as a test reads it off the wire (a reply's JSON, a
// Stripe stand-in's object, a synthesised CloudFormation template). Its shape is what the route or tool
// gives; the test's assertions are its type check (eslint.config.js turns the no-unsafe-* rules off for
// tests for the same reason), so spelling each shape out again here would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape, checked by the test's assertions
export type Json = any;
