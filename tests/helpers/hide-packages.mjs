// Preloaded with `NODE_OPTIONS=--import <this file>` to make packages look uninstalled:
// every name in DISTILL_TEST_HIDE_PACKAGES (comma-separated) fails to resolve, through
// require() (CommonJS, as better-sqlite3 is loaded) and import() (ESM, as bullmq is), with the
// error Node gives for a package that is not there. The code under test runs unchanged.
import Module, { register } from 'node:module';

const hidden = (process.env.DISTILL_TEST_HIDE_PACKAGES ?? '').split(',').filter(Boolean);
const isHidden = (spec) => hidden.some((p) => spec === p || spec.startsWith(`${p}/`));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (isHidden(request)) {
    const e = new Error(`Cannot find module '${request}'`);
    e.code = 'MODULE_NOT_FOUND';
    throw e;
  }
  return resolveFilename.call(this, request, ...rest);
};

const hook = `
let hidden = [];
export function initialize(data) { hidden = data; }
export async function resolve(spec, context, next) {
  if (hidden.some((p) => spec === p || spec.startsWith(p + '/'))) {
    const e = new Error("Cannot find package '" + spec + "' imported from " + context.parentURL);
    e.code = 'ERR_MODULE_NOT_FOUND';
    throw e;
  }
  return next(spec, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url, { data: hidden });
