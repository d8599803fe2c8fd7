// node:http for the bundles (infra/builtins/shims.ts writes this file).
let loaded;
const module_ = () => (loaded ??= process.getBuiltinModule('node:http'));
for (const name of ["_connectionListener","METHODS","STATUS_CODES","Agent","ClientRequest","IncomingMessage","OutgoingMessage","Server","ServerResponse","createServer","validateHeaderName","validateHeaderValue","get","request","setMaxIdleHTTPParsers","setGlobalProxyFromEnv","maxHeaderSize","globalAgent","WebSocket","CloseEvent","MessageEvent"])
  Object.defineProperty(exports, name, { enumerable: true, get: () => module_()[name] });
