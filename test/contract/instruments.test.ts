/**
 * Instruments and their function checks over HTTP (issue 27 item 1): the officer records and changes instruments,
 * anyone of the facility records checks under their own name; every answer says whether the instrument is usable now.
 */
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_FIELDS, INSTRUMENT_KINDS } from '../../shared/domain/instrument';
import { call, createDocument, errorOf, newTenant } from '../support/api';
import { at, checkInstrument, createInstrument, INSTRUMENT_BODY, instrumentPath, rpoOf } from '../support/registers';

const t = newTenant({ sub: 'theo', name: 'Theo Technician' });
const rpo = rpoOf(t);
const details = async (body: object) => {
  const r = await call('POST', instrumentPath(t), { token: rpo, body });
  expect(r.status, r.text).toBe(400);
  return errorOf(r).Details;
};
const bag = { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1 };

describe('recording an instrument', () => {
  it('answers its members, not usable until a check passes, with an Info saying why', async () => {
    const r = await call('POST', instrumentPath(t), { token: rpo, body: INSTRUMENT_BODY });
    expect(r.status, r.text).toBe(200);
    const instrument = r.body.InstrumentModel;
    expect(Object.keys(instrument)).toEqual([...INSTRUMENT_FIELDS]);
    expect(instrument).toMatchObject({
      FunctionCheckIntervalDays: 7,
      CalibrationDocumentUuid: null,
      UsableNow: false,
      UsableUntil: null,
      Calibrations: [
        { Geometry: 'BAG', Nuclide: 'F-18', Efficiency: 0.1, ProbeAreaCm2: null },
        { Geometry: 'SURFACE', Nuclide: 'F-18', Efficiency: 0.2, ProbeAreaCm2: 100 },
      ],
    });
    expect(r.body.Notifications[1]).toMatchObject({ Type: 'Info', Message: 'instrument.not_usable_now' });
    expect(r.body.Notifications[1].Details).toEqual([expect.stringMatching(/^No function check before /)]);
    expect(r.headers.get('etag')).toBe(`"${instrument.Uuid}.1"`);
  });

  it('is the officer’s: 403 for a token without role rpo', async () => {
    const r = await call('POST', instrumentPath(t), { token: t.token, body: INSTRUMENT_BODY });
    expect([r.status, errorOf(r).Message]).toEqual([403, 'auth.role_required']);
  });

  it('names each member that breaks its rule (400)', async () => {
    expect(await details({ ...INSTRUMENT_BODY, Kind: 'GEIGER', SerialNumber: 'x'.repeat(65) })).toEqual([
      'SerialNumber: must have at most 64 characters',
      `Kind: must be one of ${INSTRUMENT_KINDS.join(', ')}`,
    ]);
    for (const Efficiency of [0, 1.5, -0.1])
      expect(await details({ ...INSTRUMENT_BODY, Calibrations: [{ ...bag, Efficiency }] })).toEqual([
        'Calibrations.0.Efficiency: must be greater than 0 and at most 1 (counts per second per Bq)',
      ]);
    expect(
      await details({
        ...INSTRUMENT_BODY,
        Calibrations: [
          { ...bag, ProbeAreaCm2: 100 },
          { ...bag, Geometry: 'SURFACE' },
        ],
      }),
    ).toEqual([
      'Calibrations.0.ProbeAreaCm2: a SURFACE calibration names the probe area (> 0 cm²); other geometries none (null)',
      'Calibrations.1.ProbeAreaCm2: a SURFACE calibration names the probe area (> 0 cm²); other geometries none (null)',
    ]);
    expect(await details({ ...INSTRUMENT_BODY, Calibrations: [bag, { ...bag, Efficiency: 0.2 }] })).toEqual([
      'Calibrations: must not name a value twice',
    ]);
    for (const FunctionCheckIntervalDays of [0, 366, 1.5])
      expect(await details({ ...INSTRUMENT_BODY, FunctionCheckIntervalDays })).toEqual([
        'FunctionCheckIntervalDays: must be a whole number from 1 to 365',
      ]);
    expect(await details({ ...INSTRUMENT_BODY, CalibrationDueAt: INSTRUMENT_BODY.CalibratedAt })).toEqual([
      'CalibrationDueAt: must lie after CalibratedAt',
    ]);
  });

  it('refuses more than 200 calibrations before reading them', async () => {
    const many = Array.from({ length: 201 }, () => bag);
    expect(await details({ ...INSTRUMENT_BODY, Calibrations: many })).toEqual([
      'Calibrations: must hold at most 200 items',
    ]);
  });

  it('links a certificate of its own facility only', async () => {
    const theirs = (await createDocument(newTenant(), { Scope: 'DEVICE', ScopeReference: 'd', Filename: 'c.pdf' }))
      .DocumentModel.Uuid;
    expect(await details({ ...INSTRUMENT_BODY, CalibrationDocumentUuid: theirs })).toEqual([
      `CalibrationDocumentUuid: no document ${theirs} in this facility`,
    ]);
  });
});

describe('function checks and usability', () => {
  it('a passing check by anyone of the facility makes it usable until the end of its interval', async () => {
    const instrument = await createInstrument(t);
    const checkedAt = at(-60);
    const check = await checkInstrument(t, instrument.Uuid, { CheckedAt: checkedAt, Result: 'PASS', Reading: 1520 });
    expect(check).toMatchObject({
      InstrumentUuid: instrument.Uuid,
      CheckedAt: checkedAt,
      Result: 'PASS',
      Reading: 1520,
      Note: null,
      CheckedBy: 'theo',
      CheckedByName: 'Theo Technician',
    });
    const loaded = await call('GET', instrumentPath(t, instrument.Uuid), { token: t.token });
    const sevenDays = new Date(new Date(`${checkedAt.replace(' ', 'T')}Z`).getTime() + 7 * 86_400_000);
    expect(loaded.body.InstrumentModel).toMatchObject({
      UsableNow: true,
      UsableUntil: sevenDays.toISOString().slice(0, 19).replace('T', ' '),
    });
    expect(loaded.body.Notifications).toEqual([]);
  });

  it('a failed check makes it unusable (an Info says so); the checks are listed newest first', async () => {
    const instrument = await createInstrument(t);
    await checkInstrument(t, instrument.Uuid, { CheckedAt: at(-120), Result: 'PASS' });
    await checkInstrument(t, instrument.Uuid, { CheckedAt: at(-60), Result: 'FAIL', Note: 'Source reads 30 % low' });
    const loaded = await call('GET', instrumentPath(t, instrument.Uuid), { token: t.token });
    expect(loaded.body.InstrumentModel.UsableNow).toBe(false);
    expect(loaded.body.Notifications[0].Details).toEqual([
      expect.stringMatching(/^The last function check \(.+\) failed$/),
    ]);
    const checks = await call('GET', `${instrumentPath(t, instrument.Uuid)}/check`, { token: t.token });
    expect(checks.body.InstrumentCheckModelCollection.map((c: { Result: string }) => c.Result)).toEqual([
      'FAIL',
      'PASS',
    ]);
  });

  it('an Idempotency-Key records a check once: the same body answers the first, another is 409', async () => {
    const instrument = await createInstrument(t);
    const path = `${instrumentPath(t, instrument.Uuid)}/check`;
    const body = { CheckedAt: at(-60), Result: 'PASS' };
    const headers = { 'idempotency-key': `check-${instrument.Uuid}` };
    const first = await call('POST', path, { token: t.token, body, headers });
    const again = await call('POST', path, { token: t.token, body, headers });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.InstrumentCheckModel).toEqual(first.body.InstrumentCheckModel);
    const other = await call('POST', path, { token: t.token, body: { ...body, Result: 'FAIL' }, headers });
    expect([other.status, errorOf(other).Message]).toEqual([409, 'idempotency.key_reused']);
    const checks = await call('GET', path, { token: t.token });
    expect(checks.body.InstrumentCheckModelCollection).toHaveLength(1);
  });

  it('a check more than 5 minutes ahead of the server is 400', async () => {
    const instrument = await createInstrument(t);
    const r = await call('POST', `${instrumentPath(t, instrument.Uuid)}/check`, {
      token: t.token,
      body: { CheckedAt: at(400), Result: 'PASS' },
    });
    expect([r.status, errorOf(r).Details]).toEqual([
      400,
      ["CheckedAt: lies more than 5 minutes after the server's time (timestamps are UTC)"],
    ]);
  });
});

describe('changing an instrument', () => {
  it('is partial, honours If-Match (412 when stale), and is the officer’s', async () => {
    const instrument = await createInstrument(t);
    const path = instrumentPath(t, instrument.Uuid);
    const r = await call('PUT', path, {
      token: rpo,
      body: { FunctionCheckIntervalDays: 1, Name: 'Freimessanlage 2' },
      headers: { 'if-match': `"${instrument.Uuid}.1"` },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.InstrumentModel).toMatchObject({
      FunctionCheckIntervalDays: 1,
      Name: 'Freimessanlage 2',
      Model: 'RTM661/Inka',
    });
    expect(r.headers.get('etag')).toBe(`"${instrument.Uuid}.2"`);
    const stale = await call('PUT', path, {
      token: rpo,
      body: { Name: 'x' },
      headers: { 'if-match': `"${instrument.Uuid}.1"` },
    });
    expect([stale.status, errorOf(stale).Message]).toEqual([412, 'request.precondition_failed']);
    const technician = await call('PUT', path, { token: t.token, body: { Name: 'x' } });
    expect([technician.status, errorOf(technician).Message]).toEqual([403, 'auth.role_required']);
  });

  it("is 404 for another tenant's instrument on every route, and nothing of it changes", async () => {
    const instrument = await createInstrument(t);
    const other = newTenant();
    const path = instrumentPath(other, instrument.Uuid);
    for (const [method, route, body] of [
      ['GET', path],
      ['PUT', path, { Name: 'hijacked' }],
      ['GET', `${path}/check`],
      ['POST', `${path}/check`, { CheckedAt: at(-60), Result: 'PASS' }],
    ] as const) {
      const r = await call(method, route, { token: rpoOf(other), ...(body ? { body } : {}) });
      expect([r.status, errorOf(r).Message], `${method} ${route}`).toEqual([404, 'instrument.not_found']);
    }
    const mine = await call('GET', instrumentPath(t, instrument.Uuid), { token: t.token });
    expect(mine.body.InstrumentModel).toMatchObject({ Name: INSTRUMENT_BODY.Name, UsableNow: false });
  });

  it('lists the facility’s instruments by name, each with its usability now', async () => {
    const own = newTenant();
    await createInstrument(own, { ...INSTRUMENT_BODY, Name: 'B counter' });
    const a = await createInstrument(own, { ...INSTRUMENT_BODY, Name: 'A probe' });
    await checkInstrument(own, a.Uuid);
    const r = await call('GET', instrumentPath(own), { token: own.token });
    expect(
      r.body.InstrumentModelCollection.map((i: { Name: string; UsableNow: boolean }) => [i.Name, i.UsableNow]),
    ).toEqual([
      ['A probe', true],
      ['B counter', false],
    ]);
  });
});
