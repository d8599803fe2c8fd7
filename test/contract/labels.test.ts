/**
 * GET …/container/{uuid}/label over HTTP, through the authorizer and the handler: the PDF a facility prints and
 * sticks on the container, its text read back with PDF.js, its QR code decoded by zbarimg from poppler's rendering and
 * followed to the container; the tenant walls and the released container's refusal.
 */
import { describe, expect, it } from 'vitest';
import { call, containerPath, errorOf, newTenant, runtime, token } from '../support/api';
import { decodeQr } from '../support/poppler';
import { readPdf } from '../support/pdf';
import { closedContainer } from '../support/registers';
import { releasable, releaseOf } from '../support/releases';

const labelOf = async (bearer: string, path: string) => {
  const response = await fetch(`${runtime().apiUrl}${path}/label`, {
    headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/pdf' },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};

describe('a container label', () => {
  it('is a PDF whose QR code, scanned, opens the container', async () => {
    const t = newTenant();
    const uuid = await closedContainer(t, [
      { Nuclide: 'Tc-99m', Activity: 2e9 },
      { Nuclide: 'I-131', Activity: 3.7e8 },
    ]);
    const { response, bytes } = await labelOf(t.token, containerPath(t, uuid));
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const text = (await readPdf(bytes)).pages.join('\n').replace(/\s+/g, ' ');
    for (const words of ['Radioaktiv', 'Bag 7', 'Nuklide: Tc-99m, I-131', 'Verschlossen:', uuid])
      expect(text).toContain(words);
    const [scanned, ...more] = decodeQr(bytes);
    expect(more).toEqual([]);
    expect(scanned).toBe(containerPath(t, uuid));
    const opened = await call('GET', scanned!, { token: t.token });
    expect([opened.status, opened.body.ContainerModel.Uuid]).toEqual([200, uuid]);
  });

  it('of an open container says so', async () => {
    const t = newTenant();
    const created = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Open bin' } });
    const { response, bytes } = await labelOf(t.token, containerPath(t, created.body.ContainerModel.Uuid));
    expect(response.status).toBe(200);
    const text = (await readPdf(bytes)).pages.join(' ');
    expect(text).toContain('Verschlossen: noch offen');
    expect(text).toContain('Freigabe voraussichtlich: nicht vorhersagbar');
  });

  it('stays behind the tenant walls: another facility gets 403, an unknown container 404', async () => {
    const t = newTenant();
    const uuid = await closedContainer(t);
    const other = newTenant();
    const foreign = await call('GET', `${containerPath(t, uuid)}/label`, { token: other.token });
    expect(foreign.status).toBe(403);
    // The other facility's own path with this container's id: not its container.
    const missing = await call('GET', `${containerPath(other, uuid)}/label`, { token: other.token });
    expect([missing.status, errorOf(missing).Message]).toEqual([404, 'container.not_found']);
    const anonymous = await call('GET', `${containerPath(t, uuid)}/label`);
    expect(anonymous.status).toBe(401);
  });

  it('is refused once the container is released: its labels come off', async () => {
    const t = newTenant();
    const ready = await releasable(t);
    const released = await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: ready.notice });
    expect(released.status, released.text).toBe(200);
    const refused = await call('GET', `${containerPath(t, ready.uuid)}/label`, {
      token: token({ clients: [t.client], facilities: [t.facility] }),
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ Message: 'container.label_released' });
  });
});
