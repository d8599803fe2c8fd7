// node:https for the bundles, without an ES module namespace (infra/bundling.ts).
// Not `require`: the alias would send that back to this file.
module.exports = process.getBuiltinModule('node:https');
