/**
 * The release the law allows, over HTTP: the walkthrough of docs/decay-in-storage.md end to end through the typed
 * client (the notice, the instrument and its check, the container with its waste form and contents, DECAY, the
 * decision measurement, the sweep, the release citing the notice, the record PDF read back, the register as JSON and
 * CSV in English and German, its verification, the summary per type, the labels, DISPOSED), then each finding of the
 * release-law issue tried as an RPO would.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REGISTER_FIELDS } from '../../shared/domain/release-register';
import { formatTimestamp } from '../../shared/domain/time';
import { call, containerPath, errorOf, newTenant, runtime, token } from '../support/api';
import {
  at,
  BAG_COUNTS,
  createDisposalNotice,
  createNotice,
  INSTRUMENT_BODY,
  measurementBody,
  measurementPath,
  NOTICE_BODY,
  usableProbe,
} from '../support/registers';
import { ApiError } from '../../clients/typescript/src/index';
import { apiClient, expectMatch } from '../support/client';
import { readPdf } from '../support/pdf';
import { releasable, releaseOf } from '../support/releases';

const t = newTenant({ sub: 'person-owner', name: 'Olivia Owner' });
const asRole = (role: string, sub: string, name: string) =>
  token({ clients: [t.client], facilities: [t.facility], roles: [role], sub, name });
const rpo = asRole('rpo', 'person-rpo', 'Rita Officer');
const reporter = asRole('reporter', 'person-reporter', 'Rhea Reporter');
const year = new Date().getUTCFullYear();
const W = `/waste-management/api/v1/${t.client}/${t.facility}`;

const ago = (minutes: number) => formatTimestamp(new Date(Date.now() - minutes * 60_000));
const put = (uuid: string, body: unknown, bearer = t.token) =>
  call('PUT', containerPath(t, uuid), { token: bearer, body });
const load = async (uuid: string) =>
  (await call('GET', containerPath(t, uuid), { token: t.token })).body.ContainerModel as Record<string, any>;
const assess = async (uuid: string, query = '') =>
  (await call('GET', `${containerPath(t, uuid)}/release-assessment${query}`, { token: t.token })).body
    .ReleaseAssessmentModel as Record<string, any>;
const registerPath = (suffix = '', query = `?year=${year}`) => `${W}/release-register${suffix}${query}`;
/** The record's text as a reader shows it, every page (PDF.js, test/support/pdf.ts). */
const pdfText = async (bytes: Uint8Array) => (await readPdf(bytes)).pages.join('\n');

describe('the walkthrough: from the clearance notice to the archived record', () => {
  // Through the typed client (clients/typescript/), as a facility's own software would call it: a member renamed in
  // the document fails tsc here, and every answer is checked against the document (test/support/client.ts).
  const owner = apiClient(t.token);
  const officer = apiClient(rpo);
  const inspector = apiClient(reporter);
  const facility = { clientUuid: t.client, facilityUuid: t.facility };

  it('notice, instrument, container, DECAY, decision measurement, release, record, register, labels', async () => {
    const { data: notice } = await officer.clearanceNotice.create(facility, {
      ...NOTICE_BODY,
      FileNumber: 'RP-2026/0815',
      Holder: 'Klinikum Musterstadt',
      Site: 'Musterweg 1, 12345 Musterstadt',
      Conditions: 'Nur Abfälle der Nuklearmedizin, Station 3.',
    });
    const { data: instrument } = await officer.instrument.create(facility, INSTRUMENT_BODY);
    await owner.instrument.addCheck({ ...facility, uuid: instrument.Uuid }, { CheckedAt: at(-60), Result: 'PASS' });
    // The surface part by a contamination monitor: the free-release monitor is fit for the bag only.
    const probe = await usableProbe(t);
    expectMatch((await owner.instrument.load({ ...facility, uuid: instrument.Uuid })).data, {
      UsableNow: true,
      UsableUntil: expect.any(String),
    });

    // 10 kg of solid waste measured three hours ago at 400 kBq of F-18: 40 Bq/g then, about 12.8 Bq/g now.
    const measuredAt = ago(180);
    const { data: created } = await owner.container.create(facility, {
      Name: 'Hot lab bin 3',
      WasteForm: 'SOLID',
      Weight: 10_000,
      MeasurementActivity: 400_000,
      MeasurementDate: measuredAt,
    });
    const box = { ...facility, uuid: created.Uuid };
    expectMatch(created, { WasteForm: 'SOLID', LabelsRemoved: false });
    const content = await owner.container.addContent(box, {
      Kind: 'CYCLOTRON_PRODUCT',
      ContentId: 'fdg-0815',
      Nuclide: 'F-18',
      Activity: 400_000,
      ActivityDateTime: measuredAt,
      Impurities: [],
    });
    // fdg-0815 is no item of the material book (docs/material.md): kept as entered, with a Warning.
    expect(content.notifications.map((n) => n.Message)).toEqual(['container.content_added', 'content.not_in_book']);
    const assess = async () => (await owner.container.releaseAssessment(box)).data;
    const first = await assess();
    expectMatch(first, { ReleaseType: 'UNRESTRICTED', ClearanceReached: false, DecisionMeasurement: null });
    expect(first.PredictionRemark).toBe('decided by F-18 (half-life 1.829 h)');

    const decay = await owner.container.update(box, { State: 'DECAY' });
    expect(decay.data.ReleaseDateTime).toBe(first.PredictedReleaseDateTime);
    const early = await owner.container.update(box, { State: 'RELEASE_DATE_REACHED' }).catch((e) => e);
    if (!ApiError.is(early, 'container.update') || early.status !== 409) throw early;
    expect(early.notifications[0]!.Message).toBe('container.clearance_not_reached');
    expect(early.notifications[0]!.Details[0]).toMatch(
      /^Sum of ratios \(UNRESTRICTED\): 1\.2\d+; cleared at 1 or below$/,
    );

    // The decision measurement: 1,200 counts in 60 s against 600, in the bag (0.01 Bq/g); the surface, by the probe,
    // below its threshold. 0.01 Bq/g is about 1,300 times below what the declared 400 kBq predict now.
    const { data: measured } = await owner.container.addMeasurement(box, {
      InstrumentUuid: instrument.Uuid,
      MeasuredAt: at(),
      ...BAG_COUNTS,
      Surface: {
        InstrumentUuid: probe,
        Geometry: 'SURFACE',
        GrossCounts: 130,
        GrossTimeSeconds: 60,
        BackgroundCounts: 120,
        BackgroundTimeSeconds: 60,
        AveragingAreaCm2: 100,
      },
    });
    expect(measured.ValueUsed).toBeCloseTo(0.01, 6);

    // The sweep moves what the decision measurement clears (its date not due yet is no matter to a PUT; the sweep
    // works on due dates): by hand here.
    await owner.container.update(box, { State: 'RELEASE_DATE_REACHED' });
    const assessed = await assess();
    expectMatch(assessed.DecisionMeasurement!, { ClearanceReached: true, DetectionLimitsSufficient: true });
    // One verdict: the measurement decides; the prediction stands beside it, and the two disagree.
    expectMatch(assessed, {
      ClearanceReached: true,
      DecidedBy: 'DECISION_MEASUREMENT',
      PredictedClearanceReached: false,
      Plausibility: { Plausible: false, Finding: 'BELOW_PREDICTION', MaxFactor: 10 },
    });

    // The release refuses what an inspector would ask about, until the officer records the cause.
    const body = { ReleaseType: 'UNRESTRICTED', ClearanceNoticeUuid: notice.Uuid } as const;
    const implausible = await officer.container.release(box, body).catch((e) => e);
    if (!ApiError.is(implausible, 'container.release') || implausible.status !== 409) throw implausible;
    const refusal = implausible.notifications[0]!;
    expect(refusal.Message).toBe('measurement.implausible');
    expect(refusal.LocalizedMessage).toMatch(/sum of ratios 0\.001 measured, 1\.2\d* predicted/);
    expect(refusal.Details[0]).toMatch(/^Measured 1\d{3}(\.\d)? times below the prediction; more than 10/);
    const cause = 'vial residue measured in the activity meter: declared activity was the dispensed dose';
    const released = await officer.container.release(box, { ...body, DiscrepancyCause: cause });
    const record = released.data;
    expectMatch(record, {
      ContainerUuid: created.Uuid,
      ReleaseType: 'UNRESTRICTED',
      ClearanceNoticeUuid: notice.Uuid,
      ReleasedBy: 'person-rpo',
      ReleasedByName: 'Rita Officer',
      Justification: null,
      DiscrepancyCause: cause,
      DisposalPlant: null,
      Assessment: { ClearanceReached: true, DecisionMeasurement: { ClearanceReached: true } },
    });
    // Released, the container says so: the release time as its date, the measured activity, who measured.
    const after = await owner.container.load(box);
    expectMatch(after.data, {
      ReleaseDateTime: record.ReleasedAt,
      MeasuredBy: 'person-owner',
      MeasuredByName: 'Olivia Owner',
    });
    expect(after.data.CurrentSpecificActivity).toBeLessThan(0.011);
    expect(released.etag).toBe(after.etag);

    // The record: a document of the facility, its file the hashed bytes; read back as an inspector would.
    const listed = await owner.document.record({ ...facility, recordUuid: created.Uuid });
    const document = listed.data[0]!;
    expectMatch(document, {
      Uuid: record.RecordDocumentUuid,
      Scope: 'RECORD',
      FileInfo: { Mimetype: 'application/pdf' },
    });
    const bytes = new Uint8Array(await (await fetch(document.Url!)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(record.Sha256);
    // The record document is kept as made (StrlSchV § 86 Abs. 2).
    const changed = await owner.document
      .update({ ...facility, uuid: document.Uuid }, { State: 'ARCHIVED' })
      .catch((e) => e);
    if (!ApiError.is(changed, 'document.update') || changed.status !== 409) throw changed;
    expect(changed.notifications[0]!.Message).toBe('document.kept_record');
    const text = await pdfText(bytes);
    for (const expected of [
      'Freigabeprotokoll',
      'Klinikum Musterstadt',
      'Musterweg 1, 12345 Musterstadt',
      'RP-2026/0815',
      'Nur Abfälle der Nuklearmedizin, Station 3.',
      'uneingeschränkte Freigabe',
      'StrlSchV § 35',
      'Anlage 4 Tabelle 1 Spalte 3',
      'fester Stoff',
      'Hot lab bin 3',
      'RTM-0815',
      'Erkennungsgrenze a*',
      'Nachweisgrenze a#',
      'Mittelungsfläche',
      'darf 300 kg nicht wesentlich überschreiten',
      'Ursache der Abweichung',
      'vial residue measured in the activity meter',
      'Summe der Verhältniszahlen über der Zeit',
      `${record.ReleasedAt} UTC`,
    ])
      expect(text.replace(/\s+/g, ' ')).toContain(expected);
    expect(text).toMatch(/Gemessen von\s+Olivia Owner/);
    expect(text).toContain('Rita Officer');
    for (const absent of ['MeasurementActivity', 'MeasurementFactor', '(person-', 'Gemessen von –'])
      expect(text).not.toContain(absent);

    // The register: JSON with the chain's members, CSV in English and in German, the summary per type.
    const theYear = { ...facility, year: String(year) };
    const register = await inspector.releaseRegister.list(theYear);
    const line = register.data.find((l) => l.ContainerUuid === created.Uuid)!;
    expect(Object.keys(line)).toEqual([...REGISTER_FIELDS]);
    expectMatch(line, {
      Weight: 10_000,
      WasteForm: 'SOLID',
      ReleaseType: 'UNRESTRICTED',
      ClearanceNoticeUuid: notice.Uuid,
      ClearanceNoticeFileNumber: 'RP-2026/0815',
      InstrumentSerialNumber: 'RTM-0815',
      DecisionMeasurementAt: measured.MeasuredAt,
      MeasurementMethod: 'GROSS_ACTIVITY_PER_MASS_AND_SURFACE',
      RecordSha256: record.Sha256,
      Nuclides: [
        {
          Nuclide: 'F-18',
          ValueUsedBqPerG: expect.closeTo(0.01, 6),
          BelowDecisionThreshold: false,
          SpecificActivityBqPerG: expect.any(Number),
        },
      ],
    });
    // The line's hash recomputed by another tool: Python's standard library (tools/verify-register.py).
    const checked = execFileSync('python3', ['tools/verify-register.py'], {
      input: JSON.stringify(line),
      encoding: 'utf8',
    });
    expect(checked.trim()).toBe(`${line.ReleasedAt} ${created.Uuid} ok`);
    const csv = await officer.releaseRegister.list(theYear, { accept: 'text/csv' });
    expect(csv.data.split('\r\n')[0]).toBe(REGISTER_FIELDS.join(','));
    // Read as bytes: a text decoder (the client's too) would swallow the byte-order mark a German spreadsheet needs.
    const german = new Uint8Array(
      await (
        await fetch(`${runtime().apiUrl}${registerPath()}`, {
          headers: { authorization: `Bearer ${rpo}`, accept: 'text/csv', 'accept-language': 'de' },
        })
      ).arrayBuffer(),
    );
    expect([...german.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const germanText = new TextDecoder('utf-8', { ignoreBOM: true }).decode(german);
    const [header, germanLine] = germanText.slice(1).split('\r\n');
    expect(header).toMatch(/^Behälter-Kennung;Behälter;Zeitpunkt der Feststellung \(UTC\);.*;Masse \(kg\);/);
    expect(germanLine).toMatch(new RegExp(`^${created.Uuid};Hot lab bin 3;.*;10;fester Stoff;1,\\d\\dE-03;Summe <`));
    expect(germanLine).toContain(';uneingeschränkte Freigabe;');
    const { data: summary } = await officer.releaseRegister.summary(theYear);
    expect(summary.ReleaseTypes.map((r) => r.ReleaseType)).toEqual([
      'UNRESTRICTED',
      'SPECIFIC_LANDFILL',
      'SPECIFIC_INCINERATION',
      'INDIVIDUAL',
    ]);
    expectMatch(summary, { TimeZone: 'Europe/Berlin', DisposalPlants: [] });
    expect(summary.ReleaseTypes[0]!.TotalWeight).toBe(10_000);
    const { data: verified } = await inspector.releaseRegister.verify(theYear);
    expectMatch(verified, { Valid: true, Lines: 1, Objects: 1 });

    // The labels come off after the release; then DISPOSED.
    const disposedEarly = await owner.container.update(box, { State: 'DISPOSED' }).catch((e) => e);
    if (!ApiError.is(disposedEarly, 'container.update') || disposedEarly.status !== 409) throw disposedEarly;
    expect(disposedEarly.notifications[0]!.Message).toBe('container.labels_not_removed');
    const disposed = await owner.container.update(box, { LabelsRemoved: true, State: 'DISPOSED' });
    expectMatch(disposed.data, { State: 'DISPOSED', LabelsRemoved: true });
    const { data: history } = await owner.container.history(box);
    expectMatch(history.find((l) => l.Field === 'LabelsRemoved')!, { By: 'person-owner', NewValue: true });
    expectMatch(history.find((l) => l.Field === 'DecisionMeasurement')!, { By: 'person-owner' });
  });
});

describe('the release the law allows (each finding of the release-law issue)', () => {
  it('has no override: a Justification opens nothing, from DECAY or where the values are not met', async () => {
    const note = { Justification: 'Measured again by hand below the levels; protocol 2026-117.' };
    const inDecay = await releasable(t, { name: 'In decay', stopInDecay: true });
    const fromDecay = await releaseOf(t, inDecay.uuid, { ClearanceNoticeUuid: inDecay.notice, ...note }, rpo);
    expect([fromDecay.status, errorOf(fromDecay).Message]).toEqual([409, 'container.release_state']);
    // The prediction clears (1 kBq in 10 kg) but the decision measurement finds 20 Bq/g of F-18, twice its value.
    const hot = await releasable(t, {
      name: 'Hot',
      notice: inDecay.notice,
      instrument: inDecay.instrument,
      measurement: { GrossCounts: 1_200_600 },
    });
    const notMet = await releaseOf(t, hot.uuid, { ClearanceNoticeUuid: hot.notice, ...note }, rpo);
    expect([notMet.status, errorOf(notMet).Message]).toEqual([409, 'container.clearance_not_reached']);
    expect(errorOf(notMet).Details).toContainEqual(
      expect.stringMatching(/^Decision measurement of .+: sum of ratios now 2(\.\d+)?;/),
    );
    expect((await load(hot.uuid)).IsReleasedByRadiationProtectionOfficer).toBeNull();
  });

  it('rests on a notice of the facility in force that permits the type and the form; 404 for any other', async () => {
    const ready = await releasable(t, { name: 'Notice' });
    const unknown = await releaseOf(
      t,
      ready.uuid,
      { ClearanceNoticeUuid: '00000000-0000-4000-8000-000000000000' },
      rpo,
    );
    expect([unknown.status, errorOf(unknown).Message]).toEqual([404, 'clearance_notice.not_found']);
    const other = newTenant();
    const foreign = await createNotice(other);
    const elsewhere = await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: foreign.Uuid }, rpo);
    expect(elsewhere.status).toBe(404);
    const later = await createNotice(t, {
      ...NOTICE_BODY,
      ValidFrom: formatTimestamp(new Date(Date.now() + 86_400_000)),
      ReleaseTypes: ['INDIVIDUAL'],
      WasteForms: ['LIQUID_AQUEOUS'],
      Limits: [{ Nuclide: 'F-18', SpecificActivity: 100, SurfaceActivity: null }],
    });
    const misfit = await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: later.Uuid }, rpo);
    expect([misfit.status, errorOf(misfit).Message]).toEqual([409, 'container.notice_not_applicable']);
    expect(errorOf(misfit).Details).toEqual([
      expect.stringMatching(/^The clearance notice is in force from .+, not at /),
      'The clearance notice permits INDIVIDUAL, not UNRESTRICTED',
      'The clearance notice covers the waste forms LIQUID_AQUEOUS, not SOLID',
    ]);
  });

  it('a waste form the type does not cover is 409: an aqueous liquid goes only in the individual case', async () => {
    const liquid = await releasable(t, { name: 'Bottle', wasteForm: 'LIQUID_AQUEOUS' });
    const refused = await releaseOf(t, liquid.uuid, { ClearanceNoticeUuid: liquid.notice }, rpo);
    expect([refused.status, errorOf(refused).LocalizedMessage]).toEqual([
      409,
      'UNRESTRICTED does not cover waste of the form LIQUID_AQUEOUS; the ordinance lets it cover SOLID, ' +
        'LIQUID_ORGANIC, OIL (StrlSchV § 36 Abs. 1 Nr. 3 and 4, Anlage 8 Teil B; anything else in the individual ' +
        'case, § 37 Abs. 1).',
    ]);
    // A landfill has no value for F-18 (Spalte 8 is empty): a missing input, named.
    const disposalNotice = await createDisposalNotice(t);
    const solid = await releasable(t, { name: 'Disposal', notice: disposalNotice.Uuid, instrument: liquid.instrument });
    const disposal = await releaseOf(
      t,
      solid.uuid,
      { ReleaseType: 'SPECIFIC_LANDFILL', ClearanceNoticeUuid: solid.notice, DisposalPlant: 'Deponie Nord' },
      rpo,
    );
    expect([disposal.status, errorOf(disposal).Message]).toEqual([409, 'container.clearance_not_reached']);
    expect(errorOf(disposal).Details).toContain(
      'ClearanceLevel:F-18: missing or unusable, so the assessment cannot be made',
    );
  });

  it('needs a decision measurement since DECAY whose detection limits are low enough', async () => {
    const unmeasured = await releasable(t, { name: 'Unmeasured', stopInDecay: 'unmeasured' });
    // The prediction clears it (1 kBq in 10 kg): RELEASE_DATE_REACHED, but no release without the measurement.
    expect((await put(unmeasured.uuid, { State: 'RELEASE_DATE_REACHED' })).status).toBe(200);
    const none = await releaseOf(t, unmeasured.uuid, { ClearanceNoticeUuid: unmeasured.notice }, rpo);
    expect([none.status, errorOf(none).Message]).toEqual([409, 'container.decision_measurement_required']);
    // A millisecond of counting against a loud background: a detection limit (about 49 Bq/g) far above 10 Bq/g.
    const blind = await call('POST', measurementPath(t, unmeasured.uuid), {
      token: t.token,
      body: {
        InstrumentUuid: unmeasured.instrument,
        MeasuredAt: at(),
        Geometry: 'BAG',
        GrossCounts: 100,
        GrossTimeSeconds: 0.001,
        BackgroundCounts: 100,
        BackgroundTimeSeconds: 0.001,
        NoFixedSurfaceReason: 'Loose gloves and swabs in a bag: no fixed surface to measure.',
      },
    });
    expect(blind.status, blind.text).toBe(200);
    const high = await releaseOf(t, unmeasured.uuid, { ClearanceNoticeUuid: unmeasured.notice }, rpo);
    expect([high.status, errorOf(high).Message]).toEqual([409, 'container.detection_limit_too_high']);
  });

  it('after closing a raised mass dilutes: 409, unless the officer justifies it; the record prints it', async () => {
    const ready = await releasable(t, { name: 'Heavier', stopInDecay: 'unmeasured' });
    const diluted = await put(ready.uuid, { Weight: 20_000 });
    expect([diluted.status, errorOf(diluted).Message]).toEqual([409, 'container.dilution']);
    const unjustified = await put(ready.uuid, { Weight: 20_000 }, rpo);
    expect(unjustified.status).toBe(409);
    const corrected = await put(
      ready.uuid,
      { Weight: 10_500, Justification: 'Weighed again: the lid was left out.' },
      rpo,
    );
    expect(corrected.status, corrected.text).toBe(200);
    const remeasured = await call('POST', measurementPath(t, ready.uuid), {
      token: t.token,
      body: measurementBody(ready.instrument),
    });
    expect(remeasured.status, remeasured.text).toBe(200);
    expect((await put(ready.uuid, { State: 'RELEASE_DATE_REACHED' })).status).toBe(200);
    const released = await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: ready.notice }, rpo);
    expect(released.status, released.text).toBe(200);
    const document = (
      await call('GET', `/document/api/v1/${t.client}/${t.facility}/documents/record/${ready.uuid}`, { token: t.token })
    ).body.DocumentModelCollection[0];
    const text = await pdfText(new Uint8Array(await (await fetch(document.Url)).arrayBuffer()));
    for (const part of ['Masse berichtigt nach dem', 'auf 10,5 kg', 'Weighed again']) expect(text).toContain(part);
  });

  it('labels stay on until the release; DISPOSED needs them off', async () => {
    const ready = await releasable(t, { name: 'Labelled' });
    const early = await put(ready.uuid, { LabelsRemoved: true });
    expect([early.status, errorOf(early).Message]).toEqual([409, 'container.labels_before_release']);
    expect((await releaseOf(t, ready.uuid, { ClearanceNoticeUuid: ready.notice }, rpo)).status).toBe(200);
    const disposed = await put(ready.uuid, { State: 'DISPOSED' });
    expect([disposed.status, errorOf(disposed).Message]).toEqual([409, 'container.labels_not_removed']);
    expect((await put(ready.uuid, { LabelsRemoved: true })).status).toBe(200);
    const back = await put(ready.uuid, { LabelsRemoved: false });
    expect([back.status, errorOf(back).Message]).toEqual([409, 'container.labels_kept']);
  });

  it(
    'a Ga-68 eluate without its impurities blocks the release and predicts nothing; with its Ge-68 it is held ' +
      'for about 2.5 years, and the assessment says Ge-68 is why',
    async () => {
      const eluate = async (name: string, impurities?: object[]) => {
        const created = await call('POST', containerPath(t), {
          token: t.token,
          body: { Name: name, WasteForm: 'SOLID', Weight: 10_000, MeasurementActivity: 1e9, MeasurementDate: ago(1) },
        });
        const uuid = created.body.ContainerModel.Uuid as string;
        const added = await call('POST', `${containerPath(t, uuid)}/contents`, {
          token: t.token,
          body: {
            Kind: 'GENERATOR_ELUAT',
            ContentId: `ga-${name}`,
            Nuclide: 'Ga-68',
            Activity: 1e9,
            ActivityDateTime: ago(1),
            ...(impurities ? { Impurities: impurities } : {}),
          },
        });
        return { uuid, added };
      };
      const bare = await eluate('bare');
      const expected = bare.added.body.Notifications.find((n: any) => n.Message === 'content.impurities_expected');
      expect(expected).toMatchObject({ Type: 'Warning' });
      expect(expected.LocalizedMessage).toContain('Ge-68');
      const blocked = await call('GET', `${containerPath(t, bare.uuid)}/release-assessment`, { token: t.token });
      expect(blocked.body.ReleaseAssessmentModel).toMatchObject({
        PredictedReleaseDateTime: null,
        ClearanceReached: null,
        ImpuritiesUnknown: [{ ContentId: 'ga-bare', Nuclide: 'Ga-68', ExpectedImpurities: ['Ge-68'] }],
      });
      expect(blocked.body.Notifications).toContainEqual(
        expect.objectContaining({ Type: 'Info', Message: 'release.not_predictable' }),
      );
      const closed = await put(bare.uuid, { State: 'DECAY' });
      expect(closed.body.Notifications.map((n: any) => n.Message)).toContain('release.not_predictable');
      const loaded = await call('GET', containerPath(t, bare.uuid), { token: t.token });
      const unpredictable = loaded.body.Notifications.find((n: any) => n.Message === 'release.not_predictable');
      expect(unpredictable.LocalizedMessage).toContain('Impurities:ga-bare');
      const reached = await put(bare.uuid, { State: 'RELEASE_DATE_REACHED' });
      expect([reached.status, errorOf(reached).Message, errorOf(reached).Details]).toEqual([
        409,
        'container.impurities_unknown',
        ['Content ga-bare (Ga-68): Impurities not entered; its certificate is asked for Ge-68'],
      ]);
      // An explicit none is an officer's statement with its reason.
      const stated = await call('POST', containerPath(t), { token: t.token, body: { Name: 'Stated', Weight: 1 } });
      const none = (bearer: string, more: object = {}) =>
        call('POST', `${containerPath(t, stated.body.ContainerModel.Uuid)}/contents`, {
          token: bearer,
          body: { Kind: 'GENERATOR_ELUAT', ContentId: 'ga-none', Nuclide: 'Ga-68', Impurities: [], ...more },
        });
      const unexplained = await none(rpo);
      expect([unexplained.status, errorOf(unexplained).Details[0]]).toEqual([
        400,
        expect.stringMatching(/^ImpuritiesJustification: required when Impurities is \[\] for Ga-68/),
      ]);
      const reason = { ImpuritiesJustification: 'Gamma spectrometry of the eluate found no Ge-68.' };
      expect((await none(t.token, reason)).status).toBe(403);
      const explained = await none(rpo, reason);
      expect(explained.status, explained.text).toBe(200);
      expect(explained.body.ContainerContentModel).toMatchObject({ Impurities: [], ...reason });
      // With the pharmacopoeia's 0.001 % Ge-68: about 2.5 years (log2(10) half-lives of 270.9 d).
      const known = await eluate('known', [{ Nuclide: 'Ge-68', Fraction: 1e-5 }]);
      const assessment = await assess(known.uuid);
      const years =
        (Date.parse(`${assessment.PredictedReleaseDateTime.replace(' ', 'T')}Z`) - Date.now()) / 31_557_600_000;
      expect(years).toBeGreaterThan(2.4);
      expect(years).toBeLessThan(2.5);
      expect(assessment.PredictionRemark).toBe('decided by Ge-68 (half-life 270.9 d)');
    },
  );

  it('a closing measurement of 0 Bq predicts nothing and clears nothing', async () => {
    const created = await call('POST', containerPath(t), {
      token: t.token,
      body: { Name: 'Zero', Weight: 10_000, MeasurementActivity: 0, MeasurementDate: ago(1) },
    });
    const uuid = created.body.ContainerModel.Uuid;
    await call('POST', `${containerPath(t, uuid)}/contents`, {
      token: t.token,
      body: { Kind: 'CYCLOTRON_PRODUCT', ContentId: 'z', Nuclide: 'F-18' },
    });
    expect(await assess(uuid)).toMatchObject({
      ClearanceReached: null,
      PredictedReleaseDateTime: null,
      PredictionRemark:
        'a measured activity of 0 Bq proves nothing without its detection limit: a decision measurement decides',
    });
    await put(uuid, { State: 'DECAY' });
    expect((await put(uuid, { State: 'RELEASE_DATE_REACHED' })).status).toBe(409);
  });

  it('a PUT setting the release runs it UNRESTRICTED under the one notice that permits it, else 409', async () => {
    const single = newTenant({ roles: ['rpo'] });
    const ready = await releasable(single);
    const path = containerPath(single, ready.uuid);
    const twice = await createNotice(single);
    const ambiguous = await call('PUT', path, {
      token: single.token,
      body: { IsReleasedByRadiationProtectionOfficer: true },
    });
    expect([ambiguous.status, errorOf(ambiguous).Message]).toEqual([409, 'container.release_notice_ambiguous']);
    expect(twice.Uuid).not.toBe(ready.notice);
    const lone = newTenant({ roles: ['rpo'] });
    const one = await releasable(lone);
    const done = await call('PUT', containerPath(lone, one.uuid), {
      token: lone.token,
      body: { IsReleasedByRadiationProtectionOfficer: true },
    });
    expect(done.status, done.text).toBe(200);
    const lines = (
      await call('GET', `/waste-management/api/v1/${lone.client}/${lone.facility}/release-register?year=${year}`, {
        token: lone.token,
      })
    ).body.ReleaseRegisterModelCollection;
    expect(lines).toEqual([expect.objectContaining({ ContainerUuid: one.uuid, ClearanceNoticeUuid: one.notice })]);
  });
});

describe('the register', () => {
  it('400 for a malformed or missing year; 403 for other roles; 406 for a media type it cannot answer', async () => {
    for (const query of ['?year=20x6', '?year=0000', '?year=10000']) {
      const response = await call('GET', registerPath('', query), { token: rpo });
      expect([response.status, errorOf(response).Details]).toEqual([400, ['year: must be a year, 0001 to 9999']]);
    }
    const missing = await call('GET', registerPath('', ''), { token: rpo });
    expect([missing.status, errorOf(missing).Details]).toEqual([400, ['year: is required']]);
    for (const suffix of ['', '/summary', '/verify']) {
      const plain = await call('GET', registerPath(suffix), { token: t.token });
      expect([plain.status, errorOf(plain).LocalizedMessage]).toEqual([
        403,
        'This operation needs the role rpo or reporter.',
      ]);
    }
    const xml = await call('GET', registerPath(), { token: rpo, headers: { accept: 'application/xml' } });
    expect([xml.status, errorOf(xml).Message]).toEqual([406, 'request.not_acceptable']);
    const badVerify = await call('GET', registerPath('/verify', '?year=x'), { token: rpo });
    expect(badVerify.status).toBe(400);
  });

  it("another facility's register lists none of this one's releases; its token is refused here", async () => {
    const other = newTenant({ roles: ['rpo'] });
    const response = await call(
      'GET',
      `/waste-management/api/v1/${other.client}/${other.facility}/release-register?year=${year}`,
      {
        token: other.token,
      },
    );
    expect(response.body.ReleaseRegisterModelCollection).toEqual([]);
    const here = await call('GET', registerPath(), { token: other.token });
    expect([here.status, errorOf(here).Message]).toEqual([403, 'auth.tenant_forbidden']);
    expect((await call('GET', registerPath('/verify'), { token: other.token })).status).toBe(403);
  });
});
