// node:module for the bundles (infra/builtins/shims.ts writes this file).
module.exports = process.getBuiltinModule('node:module');
