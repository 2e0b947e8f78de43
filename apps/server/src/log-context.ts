/**
 * Whose work is running now, for the logs (issue 27, ADR 0039): a request's lines carry its request id
 * (`reqId`), a job's lines its job id (`jobId`), whichever logger the code at hand was given. Fastify's
 * `req.log` already has the request id; services log through `deps.log`, the app's logger, which knows no
 * request. `contextualLogger` is that logger resolved at each call: the logger of the request or job the
 * call runs within (an AsyncLocalStorage store entered by the request-id hooks and the job worker), else
 * the app's own. Imports nothing of the server: any layer may use it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

interface LogContext {
  log: FastifyBaseLogger;
}

const store = new AsyncLocalStorage<LogContext>();

/** Runs `fn` (and everything it starts) with `log` as the logger of its work. */
export function runWithLog<T>(log: FastifyBaseLogger, fn: () => T): T {
  return store.run({ log }, fn);
}

/** The logger of the request or job running now, if any. */
export function currentLog(): FastifyBaseLogger | undefined {
  return store.getStore()?.log;
}

/**
 * A logger that writes through the current request's or job's logger when there is one, else through
 * `base`. Its level and children are `base`'s own.
 */
export function contextualLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  const write =
    (level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace') =>
    (...args: unknown[]) => {
      const target = currentLog() ?? base;
      Reflect.apply(target[level], target, args);
    };
  return new Proxy(base, {
    get(target, prop, receiver) {
      if (
        prop === 'fatal' ||
        prop === 'error' ||
        prop === 'warn' ||
        prop === 'info' ||
        prop === 'debug' ||
        prop === 'trace'
      )
        return write(prop);
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
