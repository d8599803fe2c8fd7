// node:async_hooks for the bundles (infra/builtins/shims.ts writes this file).
module.exports = process.getBuiltinModule('node:async_hooks');
