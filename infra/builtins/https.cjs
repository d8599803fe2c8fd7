// node:https for the bundles (infra/builtins/shims.ts writes this file).
let loaded;
const module_ = () => (loaded ??= process.getBuiltinModule('node:https'));
for (const name of ["Agent","globalAgent","Server","createServer","get","request"])
  Object.defineProperty(exports, name, { enumerable: true, get: () => module_()[name] });
