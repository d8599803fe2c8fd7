// node:child_process for the bundles (infra/builtins/shims.ts writes this file).
module.exports = process.getBuiltinModule('node:child_process');
