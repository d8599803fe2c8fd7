/** The fault switch's control endpoint (infra/local/faults.ts, `--faults control`): rules and traces per scope. */
import http from 'node:http';
import { endScope, injectedFaults, type ScopeSettings, scopeCalls, setScope } from './fault-rules';

/**
 * The control endpoint of `--faults control`: `PUT /scopes/{scope}` with a ScopeSettings body sets a scope,
 * `GET /scopes/{scope}` answers the calls it traced (`{ calls }`), `DELETE /scopes/{scope}` ends it; `GET /injected`
 * counts every fault injected so far, by service and fault.
 */
export function createFaultControl(): http.Server {
  return http.createServer((req, res) => {
    const name = decodeURIComponent(/^\/scopes\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '');
    // Each answer closes its connection: a test's next call never meets a kept-alive socket the server is closing.
    const answer = (status: number, body?: unknown) =>
      res
        .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
        .end(body === undefined ? '' : JSON.stringify(body));
    if (req.url === '/injected' && req.method === 'GET') return answer(200, injectedFaults());
    if (name.length < 8) return answer(404, { message: 'PUT, GET or DELETE /scopes/{scope} (8 characters or more)' });
    if (req.method === 'GET') return answer(200, { calls: scopeCalls(name) });
    if (req.method === 'DELETE') {
      endScope(name);
      return answer(204);
    }
    if (req.method !== 'PUT') return answer(405);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        setScope(name, JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ScopeSettings);
        answer(204);
      } catch (error) {
        answer(400, { message: (error as Error).message });
      }
    });
  });
}
