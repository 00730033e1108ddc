// Structured logs and metrics for every function: one JSON object per line on stdout, which CloudWatch
// Logs parses into fields (Logs Insights queries: docs/operations.md, "Logs and metrics"). Metrics use
// CloudWatch's embedded metric format (EMF): a log line that CloudWatch turns into a metric, so no
// PutMetricData call and no metrics client. Hand-written rather than Powertools Logger + Metrics,
// which add ~31 KB minified to every function (the largest are near the 350 KB budget).
//
// Lines carry ids (request, organisation), routes, statuses and durations, never personal data:
// no emails, names, bodies or tokens. Error messages are passed through redact() as they may quote
// an address (SES does).
//
// LOG_LEVEL (debug | info | warn | error | silent; default info) and LOG_FORMAT (json | pretty;
// default json) are set by the local stack: readable lines on `npm start`, warnings and errors only in tests.
import { config } from './config';
import { currentScope, runInScope } from './request-scope';

export type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

const RANK: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** The CloudWatch namespace and dimension of the business metrics. */
export const METRICS_NAMESPACE = 'ClinicSuite';
const SERVICE = 'clinic-suite';
/** The dimension (service) the business metrics carry: alarms on them name it (infra/constructs/service-alarms.ts). */
export const METRICS_SERVICE = SERVICE;

/** The business events counted (docs/operations.md lists what each one means). */
export type BusinessMetric =
  | 'BookingsHeld'
  | 'HoldsGivenBack'
  | 'BookingsConfirmed'
  | 'PaymentsSucceeded'
  | 'PaymentsNeedingAttention'
  | 'PaymentsRefunded'
  | 'SignInsFailed'
  | 'PasswordHashesUpgraded'
  | 'MailsSent'
  | 'MailsFailed'
  | 'OutboxGivenUp'
  | 'MessagesDropped'
  | 'MailAddressesSuppressed'
  | 'ChallengesRefused'
  | 'PublicPageSurges';

/**
 * Where lines go: straight to stdout in Lambda (its console would prefix each line with a timestamp
 * and id, and CloudWatch would no longer read it as JSON); the console locally, warnings and errors
 * to stderr. Tests replace it (captureLogs).
 */
let sink: (line: string, level: Level) => void = (line, level) => {
  if (config.log.format !== 'pretty') process.stdout.write(line + '\n');
  else if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
};

/** Test seam: collects lines instead of writing them; returns the function that restores the sink. */
export function captureLogs(collect: (line: string) => void): () => void {
  const previous = sink;
  sink = (line) => collect(line);
  return () => {
    sink = previous;
  };
}

const enabled = (level: Level) => RANK[level] >= RANK[config.log.level];

/**
 * Runs an invocation that is no API request (a stream batch, the schedule, an EventBridge event) so
 * that its lines carry its id and what it is, as a request's do.
 */
export function withInvocationLog<T>(requestId: string | undefined, route: string, fn: () => Promise<T>): Promise<T> {
  return runInScope({ signal: new AbortController().signal, log: { requestId: requestId ?? '', route } }, fn);
}

/** What the current request adds to every line: its ids and route (set by endpoint()). */
function requestFields(): Fields {
  const scope = currentScope();
  if (!scope?.log) return {};
  const { requestId, route } = scope.log;
  return { requestId, route, ...(scope.tenant ? { orgId: scope.tenant } : {}) };
}

function write(level: Level, message: string, fields: Fields) {
  if (!enabled(level)) return;
  const entry = { level, message, ...requestFields(), ...fields };
  sink(config.log.format === 'pretty' ? pretty(entry) : JSON.stringify(entry), level);
}

export const log = {
  debug: (message: string, fields: Fields = {}) => write('debug', message, fields),
  info: (message: string, fields: Fields = {}) => write('info', message, fields),
  warn: (message: string, fields: Fields = {}) => write('warn', message, fields),
  /** An error with its name, message (redacted) and stack, under the current request's id. */
  error: (message: string, error?: unknown, fields: Fields = {}) => write('error', message, { ...errorFields(error), ...fields }),
};

/** Something thrown that is not an Error, as text: a string as it is, anything else as its JSON. */
function thrownText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value; // a cycle or a BigInt inside
  }
}

/** The error's name, redacted message and stack, as fields of a line. */
export function errorFields(error: unknown): Fields {
  if (error === undefined) return {};
  if (!(error instanceof Error)) return { error: redact(thrownText(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    error: error.name,
    ...(typeof code === 'string' ? { errorCode: code } : {}),
    errorMessage: redact(error.message),
    ...(error.stack ? { stack: redact(error.stack) } : {}),
  };
}

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer\s+)[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
/** Phone numbers as SNS takes them (E.164). */
const PHONE = /\+\d{7,15}\b/g;

/** Text with what may identify a person or grant access (email addresses, phone numbers, tokens) blanked out. */
export function redact(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]').replace(BEARER, '$1[token]').replace(JWT, '[token]');
}

/**
 * Counts a business event: one EMF line (metric `name` in namespace ClinicSuite, dimension service),
 * with the request's ids as searchable properties (not dimensions: one metric per organisation would
 * be costly).
 */
export function countMetric(name: BusinessMetric, value = 1, fields: Fields = {}) {
  if (!enabled('info')) return;
  const entry = {
    _aws: { Timestamp: Date.now(), CloudWatchMetrics: [{ Namespace: METRICS_NAMESPACE, Dimensions: [['service']], Metrics: [{ Name: name, Unit: 'Count' }] }] },
    service: SERVICE,
    [name]: value,
    level: 'info',
    message: 'metric',
    metric: name,
    ...requestFields(),
    ...fields,
  };
  sink(config.log.format === 'pretty' ? pretty({ level: 'info', message: `metric ${name} +${value}`, ...requestFields(), ...fields }) : JSON.stringify(entry), 'info');
}

/**
 * One readable line for `npm start`: time, level, what happened, then the other fields; a request as
 * `POST /api/users/login 401 35 ms`; a stack on its own lines.
 */
function pretty(entry: Fields): string {
  const { level, message, stack, ...rest } = entry;
  if (rest.apiRequestId === rest.requestId) delete rest.apiRequestId; // the local stack uses one id for both
  let what = String(message);
  if (message === 'request') {
    what = `${String(rest.route)} ${String(rest.status)} ${String(rest.durationMs)} ms`;
    delete rest.route;
    delete rest.status;
    delete rest.durationMs;
  }
  const details = Object.entries(rest)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const time = new Date().toISOString().slice(11, 23);
  return `${time} ${String(level).toUpperCase().padEnd(5)} ${what}${details ? `  ${details}` : ''}${stack ? `\n${typeof stack === 'string' ? stack : JSON.stringify(stack)}` : ''}`;
}
