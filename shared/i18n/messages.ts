/**
 * The message catalogue: every notification and detail line the service can say, with its stable
 * code, kind and level, in English; the German of each is in ./messages-de.ts, bundled apart and loaded by the first
 * request that asks for German. Nothing else holds user-facing text.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export type NotificationType = 'Success' | 'Info' | 'Warning' | 'Error';
/** PSR-3 / Monolog scale. */
export const LEVELS = { DEBUG: 100, INFO: 200, NOTICE: 250, WARNING: 300, ERROR: 400, CRITICAL: 500 } as const;
export type LevelName = keyof typeof LEVELS;

interface MessageDef {
  code: number;
  type: NotificationType;
  level: LevelName;
  en: string;
}

export const messages = {
  // successes
  'container.created': {
    code: 20101,
    type: 'Success',
    level: 'INFO',
    en: 'The container was created.',
  },
  'container.updated': {
    code: 20001,
    type: 'Success',
    level: 'INFO',
    en: 'The container was updated.',
  },
  'container.deleted': {
    code: 20002,
    type: 'Success',
    level: 'INFO',
    en: 'The container was deleted.',
  },
  'document.created': {
    code: 20102,
    type: 'Success',
    level: 'INFO',
    en: 'The document was created; upload its file with the Upload form.',
  },
  'document.updated': {
    code: 20003,
    type: 'Success',
    level: 'INFO',
    en: 'The document was updated.',
  },
  'maintenance.created': {
    code: 20103,
    type: 'Success',
    level: 'INFO',
    en: 'The maintenance log entry was created.',
  },
  'maintenance.updated': {
    code: 20004,
    type: 'Success',
    level: 'INFO',
    en: 'The maintenance log entry was updated.',
  },
  'container.content_added': {
    code: 20104,
    type: 'Success',
    level: 'INFO',
    en: 'The content was added to the container.',
  },
  'container.content_removed': {
    code: 20005,
    type: 'Success',
    level: 'INFO',
    en: 'The content was removed from the container.',
  },
  'release.recorded': {
    code: 20105,
    type: 'Success',
    level: 'INFO',
    en: 'The container was released; its release record is archived as document {document}.',
  },
  'release.shares_assumed': {
    code: 20202,
    type: 'Info',
    level: 'INFO',
    en:
      'The contents carry no activities: each nuclide is assumed to carry the whole measured activity ' +
      '(conservative).',
  },
  'release.date_predicted': {
    code: 20203,
    type: 'Info',
    level: 'INFO',
    en: 'ReleaseDateTime was set to the predicted release date {date}.',
  },
  'release.date_repredicted': {
    code: 20205,
    type: 'Info',
    level: 'INFO',
    en: 'ReleaseDateTime was predicted again from the changed data: {date}.',
  },
  'release.date_unpredictable': {
    code: 20206,
    type: 'Info',
    level: 'INFO',
    en: 'No release date can be predicted from the changed data ({reason}): ReleaseDateTime was cleared.',
  },
  'release.time_from_server': {
    code: 20207,
    type: 'Info',
    level: 'INFO',
    en: 'ReleasedByRadiationProtectionOfficerDateTime is the time of the release on the server: {at} (UTC).',
  },
  'release.not_predictable': {
    code: 20280,
    type: 'Info',
    level: 'INFO',
    en: 'No release date can be predicted: {reason}.',
  },
  'operation.status': {
    code: 20204,
    type: 'Info',
    level: 'INFO',
    en: 'The execution {execution} of {operation} is {status}.',
  },
  'operation.started': {
    code: 20201,
    type: 'Info',
    level: 'INFO',
    en: 'The operation {operation} was started as execution {execution}.',
  },
  // warnings
  'content.impurities_expected': {
    code: 30010,
    type: 'Warning',
    level: 'WARNING',
    en:
      'A content of {nuclide} brings long-lived impurities ({impurities}): until Impurities are entered from its ' +
      "certificate ([] only by an officer, with ImpuritiesJustification), the container's release date cannot be " +
      'predicted and it cannot be released.',
  },
  'collection.truncated': {
    code: 30002,
    type: 'Warning',
    level: 'WARNING',
    en: 'Only the first {cap} of {total} items are listed; use the page operation for all of them.',
  },
  'request.read_only_ignored': {
    code: 30001,
    type: 'Warning',
    level: 'WARNING',
    en: 'Read-only members were ignored.',
  },
  // client errors
  'request.invalid': {
    code: 40001,
    type: 'Error',
    level: 'ERROR',
    en: 'The request is invalid.',
  },
  'request.malformed_json': {
    code: 40002,
    type: 'Error',
    level: 'ERROR',
    en: 'The request body is not valid JSON.',
  },
  'request.bad_request': {
    code: 40003,
    type: 'Error',
    level: 'ERROR',
    en: 'The request cannot be processed.',
  },
  'request.malformed_path': {
    code: 40004,
    type: 'Error',
    level: 'ERROR',
    en: 'The request path is not validly percent-encoded.',
  },
  'auth.token_missing': {
    code: 40101,
    type: 'Error',
    level: 'ERROR',
    en: 'A bearer token is required.',
  },
  'auth.token_invalid': {
    code: 40102,
    type: 'Error',
    level: 'ERROR',
    en: 'The token is not valid.',
  },
  'auth.token_expired': {
    code: 40103,
    type: 'Error',
    level: 'ERROR',
    en: 'The token has expired.',
  },
  'auth.tenant_forbidden': {
    code: 40301,
    type: 'Error',
    level: 'ERROR',
    en: 'The token does not grant access to this client or facility.',
  },
  'auth.access_denied': {
    code: 40304,
    type: 'Error',
    level: 'CRITICAL',
    en: 'Access to this data was refused; nothing was read or written.',
  },
  'auth.role_required': {
    code: 40302,
    type: 'Error',
    level: 'ERROR',
    en: 'This operation needs the role {role}.',
  },
  'container.rpo_fields_forbidden': {
    code: 40303,
    type: 'Error',
    level: 'ERROR',
    en: 'Only a radiation protection officer may set or change the release fields.',
  },
  'route.not_found': {
    code: 40401,
    type: 'Error',
    level: 'ERROR',
    en: 'There is no such endpoint.',
  },
  'container.not_found': {
    code: 40402,
    type: 'Error',
    level: 'ERROR',
    en: 'The container was not found.',
  },
  'document.not_found': {
    code: 40403,
    type: 'Error',
    level: 'ERROR',
    en: 'The document was not found.',
  },
  'maintenance.not_found': {
    code: 40404,
    type: 'Error',
    level: 'ERROR',
    en: 'The maintenance log entry was not found.',
  },
  'container.state_change_forbidden': {
    code: 40901,
    type: 'Error',
    level: 'ERROR',
    en: 'The state cannot change from {from} to {to}.',
  },
  'container.release_required': {
    code: 40902,
    type: 'Error',
    level: 'ERROR',
    en: 'The state {to} needs a release by a radiation protection officer.',
  },
  'container.delete_forbidden': {
    code: 40903,
    type: 'Error',
    level: 'ERROR',
    en: 'Only a container in state OPEN can be deleted; this one is {state}.',
  },
  'container.initial_state': {
    code: 40904,
    type: 'Error',
    level: 'ERROR',
    en: 'A new container starts in state OPEN, not {state}.',
  },
  'container.read_only': {
    code: 40906,
    type: 'Error',
    level: 'ERROR',
    en: 'The container is {state}, a record that must be kept: it cannot be changed.',
  },
  'container.contents_locked': {
    code: 40909,
    type: 'Error',
    level: 'ERROR',
    en: 'The contents of a container change only while it is OPEN; this one is {state}.',
  },
  'container.content_duplicate': {
    code: 40910,
    type: 'Error',
    level: 'ERROR',
    en: 'The container already holds the content {contentId}.',
  },
  'container.contents_full': {
    code: 40911,
    type: 'Error',
    level: 'ERROR',
    en: 'A container holds at most {max} contents.',
  },
  'container.clearance_not_reached': {
    code: 40912,
    type: 'Error',
    level: 'ERROR',
    en: 'The release assessment does not clear the container for {type} at this moment.',
  },
  'container.release_state': {
    code: 40913,
    type: 'Error',
    level: 'ERROR',
    en: 'A container is released from RELEASE_DATE_REACHED only; this one is {state}.',
  },
  'container.release_date_too_early': {
    code: 40914,
    type: 'Error',
    level: 'ERROR',
    en: 'ReleaseDateTime {date} lies before the predicted release date {predicted}.',
  },
  'container.release_frozen': {
    code: 40915,
    type: 'Error',
    level: 'ERROR',
    en: 'The container was released at {at}: its measurements, contents and release are kept as they were.',
  },
  'container.already_released': {
    code: 40916,
    type: 'Error',
    level: 'ERROR',
    en: 'The container was already released at {at}.',
  },
  // the lawful release: closing, labels, waste form, notice, decision measurement
  'container.dilution': {
    code: 40930,
    type: 'Error',
    level: 'ERROR',
    en:
      "After closing, the container's mass may not be raised from {from} g to {to} g: that would dilute it " +
      '(StrlSchV § 34). A radiation protection officer may correct it with a Justification on record.',
  },
  'container.labels_kept': {
    code: 40931,
    type: 'Error',
    level: 'ERROR',
    en: 'LabelsRemoved stays true once set: the labels were removed.',
  },
  'settings.updated': {
    code: 20060,
    type: 'Success',
    level: 'INFO',
    en: "The facility's settings were changed.",
  },
  'survey.recorded': {
    code: 20160,
    type: 'Success',
    level: 'INFO',
    en: 'The survey was recorded: the container cannot be distinguished from background.',
  },
  'settings.regime_locked': {
    code: 40918,
    type: 'Error',
    level: 'ERROR',
    en:
      'The facility works under {from}: it changes to {to} only while no container is in DECAY or later (a ' +
      "container's release date, gate and record follow the regime it was closed under).",
  },
  'regime.not_applicable': {
    code: 40919,
    type: 'Error',
    level: 'ERROR',
    en: '{member} is not part of a release under {regime} ({law}), the regime of this facility.',
  },
  'container.not_eligible': {
    code: 40920,
    type: 'Error',
    level: 'ERROR',
    en:
      'Only material with a physical half-life of at most 120 days may be held for decay-in-storage (10 CFR ' +
      '35.92(a)); the container stays {state}.',
  },
  'container.above_background': {
    code: 40921,
    type: 'Error',
    level: 'ERROR',
    en:
      'The surface reading {surface} can be distinguished from the background {background}: the net reading {net} ' +
      'lies above its decision threshold {threshold} (DIN ISO 11929-1, k = {k}). Hold the container for decay and ' +
      'survey again; nothing was recorded.',
  },
  'container.survey_required': {
    code: 40922,
    type: 'Error',
    level: 'ERROR',
    en:
      "A disposal after decay-in-storage rests on a survey of the container's surface at background since it " +
      'entered DECAY ({since}) (10 CFR 35.92(a)(1)): POST .../survey first.',
  },
  'container.labels_on': {
    code: 40923,
    type: 'Error',
    level: 'ERROR',
    en:
      'The radiation labels are removed or obliterated before the disposal (10 CFR 35.92(a)(3)): set LabelsRemoved ' +
      'true first.',
  },
  'container.held_for_decay': {
    code: 40924,
    type: 'Error',
    level: 'ERROR',
    en:
      'The container is held for decay until {date} (ten half-lives of its longest-lived nuclide, 10 CFR 35.92); it ' +
      'reaches RELEASE_DATE_REACHED then.',
  },
  'container.survey_state': {
    code: 40925,
    type: 'Error',
    level: 'ERROR',
    en: 'A container is surveyed for its disposal in DECAY or RELEASE_DATE_REACHED; this container is {state}.',
  },
  'survey.instrument_kind': {
    code: 40926,
    type: 'Error',
    level: 'ERROR',
    en:
      'A decay-in-storage survey is taken with a survey meter (10 CFR 35.92(a)(1)); the instrument {instrument} is ' +
      'a {kind}.',
  },
  'container.labels_before_release': {
    code: 40932,
    type: 'Error',
    level: 'ERROR',
    en:
      'Radioactive waste keeps its radiation labels (StrlSchV § 91 Abs. 1); they come off after its release (§ 93 ' +
      'Abs. 2), and the container is not released.',
  },
  'container.label_released': {
    code: 40990,
    type: 'Error',
    level: 'ERROR',
    en:
      'The container was released at {at}: it is no longer radioactive waste, and its radiation labels come off ' +
      '(StrlSchV § 93 Abs. 2; 10 CFR 35.92 (a)(3)); no label is printed for it.',
  },
  'container.label_removed': {
    code: 40991,
    type: 'Error',
    level: 'ERROR',
    en:
      "The container's radiation labels were removed (LabelsRemoved) before its disposal (10 CFR 35.92 (a)(3)): no " +
      'label is printed for it.',
  },
  'container.labels_not_removed': {
    code: 40933,
    type: 'Error',
    level: 'ERROR',
    en:
      'DISPOSED hands the material on as non-radioactive: its radiation labels must be removed first ' +
      '(LabelsRemoved true, StrlSchV § 93 Abs. 2).',
  },
  'container.waste_form_required': {
    code: 40934,
    type: 'Error',
    level: 'ERROR',
    en: "A release needs the container's WasteForm: the values of a release type hold for some forms only.",
  },
  'container.waste_form_not_permitted': {
    code: 40935,
    type: 'Error',
    level: 'ERROR',
    en:
      '{type} does not cover waste of the form {form}; the ordinance lets it cover {forms} (StrlSchV § 36 Abs. 1 ' +
      'Nr. 3 and 4, Anlage 8 Teil B; anything else in the individual case, § 37 Abs. 1).',
  },
  'container.notice_not_applicable': {
    code: 40936,
    type: 'Error',
    level: 'ERROR',
    en: 'The clearance notice {fileNumber} does not carry this release.',
  },
  'container.decision_measurement_required': {
    code: 40937,
    type: 'Error',
    level: 'ERROR',
    en:
      'A release rests on a decision measurement made since the container last entered DECAY ({since}); there is ' +
      'none (POST .../measurement).',
  },
  'container.decision_measurement_stale': {
    code: 40938,
    type: 'Error',
    level: 'ERROR',
    en: 'The decision measurement of {at} no longer carries a release: {reason}. Measure again.',
  },
  'container.detection_limit_too_high': {
    code: 40939,
    type: 'Error',
    level: 'ERROR',
    en:
      'The detection limits of the decision measurement of {at} are too high to show that the values of {type} are ' +
      'met; measure longer or with a better instrument.',
  },
  'container.disposal_mass_exceeded': {
    code: 40940,
    type: 'Error',
    level: 'ERROR',
    en:
      'This release would bring the releases of {type} in the calendar year {year} ({timeZone}) to {total} kg; ' +
      'Spalte 8 and 9 hold for up to 100 Mg a calendar year (StrlSchV § 36 Abs. 1 Nr. 3 c aa, Nr. 4 c aa).',
  },
  'container.release_notice_ambiguous': {
    code: 40941,
    type: 'Error',
    level: 'ERROR',
    en:
      'Setting IsReleasedByRadiationProtectionOfficer releases UNRESTRICTED under the one clearance notice of the ' +
      'facility that permits it; the facility has {count}. Use POST .../release with ClearanceNoticeUuid.',
  },
  'document.kept_record': {
    code: 40917,
    type: 'Error',
    level: 'ERROR',
    en: 'The document is a release record, kept unchanged until {until}.',
  },
  'operation.execution_not_found': {
    code: 40406,
    type: 'Error',
    level: 'ERROR',
    en: 'There is no such execution of a maintenance operation.',
  },
  'container.content_not_found': {
    code: 40405,
    type: 'Error',
    level: 'ERROR',
    en: 'The container holds no such content.',
  },
  'request.concurrent_update': {
    code: 40905,
    type: 'Error',
    level: 'ERROR',
    en: 'The item was changed by other requests at the same time; try again.',
  },
  'request.method_not_allowed': {
    code: 40501,
    type: 'Error',
    level: 'ERROR',
    en: 'This method is not allowed here.',
  },
  'request.not_acceptable': {
    code: 40601,
    type: 'Error',
    level: 'ERROR',
    en: 'None of the media types in Accept can be answered; this operation answers {types}.',
  },
  'register.truncated': {
    code: 30004,
    type: 'Warning',
    level: 'WARNING',
    en: 'Only the first {cap} of the {total} releases of the year are listed; the summary counts them all.',
  },
  'request.precondition_failed': {
    code: 41201,
    type: 'Error',
    level: 'ERROR',
    en: 'The item has changed since it was loaded (If-Match does not match its ETag).',
  },
  'request.too_large': {
    code: 41301,
    type: 'Error',
    level: 'ERROR',
    en: 'The request body is larger than {max} bytes.',
  },
  'request.headers_too_large': {
    code: 43101,
    type: 'Error',
    level: 'ERROR',
    en: 'The request headers are too large.',
  },
  'request.unsupported_media_type': {
    code: 41501,
    type: 'Error',
    level: 'ERROR',
    en: 'The request body must be JSON (Content-Type: application/json).',
  },
  'idempotency.key_reused': {
    code: 40907,
    type: 'Error',
    level: 'ERROR',
    en: 'This Idempotency-Key was used with another request body; use a new key for a new request.',
  },
  'idempotency.in_progress': {
    code: 40908,
    type: 'Error',
    level: 'ERROR',
    en: 'A request with this Idempotency-Key is still being processed; try again shortly.',
  },
  'request.throttled': {
    code: 42901,
    type: 'Error',
    level: 'ERROR',
    en: 'Too many requests; try again shortly.',
  },
  // server errors
  'server.error': {
    code: 50001,
    type: 'Error',
    level: 'CRITICAL',
    en: 'Something went wrong. Please try again later.',
  },
  'server.deadline': {
    code: 50302,
    type: 'Error',
    level: 'ERROR',
    en: 'The request ran out of time before anything was written; nothing was stored. Try again.',
  },
  'server.unavailable': {
    code: 50301,
    type: 'Error',
    level: 'CRITICAL',
    en: 'The service is temporarily unavailable.',
  },
  // clearance notices, instruments, decision measurements
  'clearance_notice.created': {
    code: 20150,
    type: 'Success',
    level: 'INFO',
    en: 'The clearance notice was recorded.',
  },
  'clearance_notice.updated': {
    code: 20050,
    type: 'Success',
    level: 'INFO',
    en: 'The clearance notice was updated.',
  },
  'instrument.created': {
    code: 20151,
    type: 'Success',
    level: 'INFO',
    en: 'The instrument was recorded.',
  },
  'instrument.updated': {
    code: 20051,
    type: 'Success',
    level: 'INFO',
    en: 'The instrument was updated.',
  },
  'instrument.check_recorded': {
    code: 20152,
    type: 'Success',
    level: 'INFO',
    en: 'The function check was recorded.',
  },
  'measurement.recorded': {
    code: 20153,
    type: 'Success',
    level: 'INFO',
    en: 'The decision measurement was recorded.',
  },
  'instrument.not_usable_now': {
    code: 20250,
    type: 'Info',
    level: 'INFO',
    en: 'The instrument is not usable now.',
  },
  'measurement.shares_assumed': {
    code: 20251,
    type: 'Info',
    level: 'INFO',
    en:
      'The contents carry no activities: the lowest efficiency of their nuclides was used, and each nuclide is ' +
      'assumed to carry the whole measured activity (conservative).',
  },
  'listing.truncated': {
    code: 30050,
    type: 'Warning',
    level: 'WARNING',
    en: 'Only the first {cap} of {total} items are listed.',
  },
  'container.impurities_unknown': {
    code: 40980,
    type: 'Error',
    level: 'ERROR',
    en:
      'Contents whose nuclide brings long-lived impurities have none entered: the container cannot be assessed, ' +
      'and its decision measurement cannot be split into nuclides, until their Impurities are (from the certificate; ' +
      '[] only by an officer, with ImpuritiesJustification).',
  },
  'container.averaging_mass': {
    code: 40981,
    type: 'Error',
    level: 'ERROR',
    en:
      'The container weighs {mass} kg, more than the averaging mass of {limit} kg (StrlSchV Anlage 8 Teil A Nr. 1 c: ' +
      '"darf 300 kg nicht wesentlich überschreiten", unless the clearance notice sets MaxAveragingMassKg): ' +
      'release it in parts.',
  },
  'container.disposal_plant': {
    code: 40982,
    type: 'Error',
    level: 'ERROR',
    en:
      'The clearance notice {fileNumber} names no plant "{plant}" of {type}: a release for disposal goes to a plant ' +
      "whose operator's acceptance declaration the notice rests on (StrlSchV § 40 Abs. 2).",
  },
  'measurement.instrument_unfit': {
    code: 40983,
    type: 'Error',
    level: 'ERROR',
    en:
      'The instrument {instrument} ({kind}) is not suitable for a decision measurement in the geometry {geometry} ' +
      '(StrlSchV § 90 Abs. 4: suitable instruments); a {kind} measures {geometries}.',
  },
  'measurement.implausible': {
    code: 40984,
    type: 'Error',
    level: 'ERROR',
    en:
      'The decision measurement of {at} disagrees with the prediction from the declared contents: sum of ratios ' +
      '{measured} measured, {predicted} predicted ({type}). Measure again, or an officer records the cause ' +
      '(DiscrepancyCause) with the release.',
  },
  'clearance_notice.not_found': {
    code: 40450,
    type: 'Error',
    level: 'ERROR',
    en: 'The clearance notice was not found.',
  },
  'instrument.not_found': {
    code: 40451,
    type: 'Error',
    level: 'ERROR',
    en: 'The instrument was not found.',
  },
  'clearance_notice.cited': {
    code: 40950,
    type: 'Error',
    level: 'ERROR',
    en:
      'A release cites this clearance notice: its types, waste forms, limits and dates stay as they were; it can ' +
      'only be closed by ValidUntil.',
  },
  'container.measurement_state': {
    code: 40951,
    type: 'Error',
    level: 'ERROR',
    en: 'A decision measurement is made in DECAY or RELEASE_DATE_REACHED; this container is {state}.',
  },
  'container.measurement_before_decay': {
    code: 40952,
    type: 'Error',
    level: 'ERROR',
    en: 'MeasuredAt {at} lies before the container was closed for decay ({since}): the measurement must follow it.',
  },
  'container.measurement_inputs': {
    code: 40953,
    type: 'Error',
    level: 'ERROR',
    en: 'The container lacks what a decision measurement is evaluated with.',
  },
  'instrument.not_usable': {
    code: 40954,
    type: 'Error',
    level: 'ERROR',
    en: 'The instrument {instrument} was not usable at {at}.',
  },
  'instrument.not_calibrated': {
    code: 40955,
    type: 'Error',
    level: 'ERROR',
    en: 'The instrument {instrument} has no calibration for what the container holds.',
  },
  // the book of radioactive material (StrlSchV § 85) and the licence
  'licence.created': {
    code: 20301,
    type: 'Success',
    level: 'INFO',
    en: 'The licence was recorded.',
  },
  'licence.updated': {
    code: 20302,
    type: 'Success',
    level: 'INFO',
    en: 'The licence was updated.',
  },
  'material.received': {
    code: 20303,
    type: 'Success',
    level: 'INFO',
    en: 'The receipt was booked in the material book.',
  },
  'material.eluted': {
    code: 20304,
    type: 'Success',
    level: 'INFO',
    en: 'The elution was booked: its eluate is a new item.',
  },
  'material.moved': {
    code: 20305,
    type: 'Success',
    level: 'INFO',
    en: 'The movement was booked in the material book.',
  },
  'material.dry_run': {
    code: 30101,
    type: 'Info',
    level: 'INFO',
    en: 'Dry run: checked against the licence in force; nothing was booked.',
  },
  'material.impurities_expected': {
    code: 30102,
    type: 'Warning',
    level: 'WARNING',
    en:
      'An item of {nuclide} brings long-lived impurities ({impurities}): its certificate states none here, so a ' +
      'container it goes into cannot be released until they are known.',
  },
  'content.not_in_book': {
    code: 30103,
    type: 'Warning',
    level: 'WARNING',
    en: 'The content {contentId} names no item of the material book: it is kept as entered, and not counted as stock.',
  },
  'material.booked_above_licence': {
    code: 30104,
    type: 'Warning',
    level: 'WARNING',
    en: 'Booked above the licence, as the officer stated: the item is flagged and listed in the month’s report.',
  },
  'material.booked_without_licence': {
    code: 30105,
    type: 'Warning',
    level: 'WARNING',
    en: 'Booked with no licence in force at {at}, as the officer stated: the item is flagged.',
  },
  'licence.not_found': {
    code: 40460,
    type: 'Error',
    level: 'ERROR',
    en: 'No licence with this identifier in this facility.',
  },
  'material.not_found': {
    code: 40461,
    type: 'Error',
    level: 'ERROR',
    en: 'No item of the material book with this identifier in this facility.',
  },
  'licence.booked': {
    code: 40970,
    type: 'Error',
    level: 'ERROR',
    en: 'A booking was checked against this licence: its limits and dates stay as they were.',
  },
  'licence.exceeded': {
    code: 40971,
    type: 'Error',
    level: 'ERROR',
    en: 'The booking would take the stock above the licence in force (StrlSchG § 12 Abs. 1 Nr. 3).',
  },
  'licence.none': {
    code: 40972,
    type: 'Error',
    level: 'ERROR',
    en: 'No licence of the facility is in force at {at}: record it first.',
  },
  'material.overdrawn': {
    code: 40973,
    type: 'Error',
    level: 'ERROR',
    en: 'The movement of {activity} Bq exceeds what is left of the item at {at}: {remainder} Bq.',
  },
  'material.used_up': {
    code: 40974,
    type: 'Error',
    level: 'ERROR',
    en: 'Nothing of the item is left in store.',
  },
  'material.movements_full': {
    code: 40975,
    type: 'Error',
    level: 'ERROR',
    en: 'The item holds the most movements it can ({max}).',
  },
  'material.not_generator': {
    code: 40976,
    type: 'Error',
    level: 'ERROR',
    en: 'Only a generator is eluted; this item is a {kind}.',
  },
  'material.member_differs': {
    code: 40977,
    type: 'Error',
    level: 'ERROR',
    en: 'A content drawn from the material book takes its kind, nuclide and impurities from the item.',
  },
  'container.holds_book_material': {
    code: 40978,
    type: 'Error',
    level: 'ERROR',
    en: 'The container holds material of the book: remove those contents first (the book records it).',
  },
  'material.certificate_taken': {
    code: 40979,
    type: 'Error',
    level: 'ERROR',
    en: 'The certificate {document} is filed under the item {item} already.',
  },
} as const satisfies Record<string, MessageDef>;

export type MessageKey = keyof typeof messages;

/** Detail lines (one per offending field or fact). */
export const details = {
  'detail.unknown_member': { en: '{field}: unknown member' },
  'detail.repeated': { en: '{field}: is given more than once' },
  'detail.unknown_parameter': {
    en: '{field}: is not a parameter of this route',
  },
  'detail.read_only_member': { en: '{field}: read-only, ignored' },
  'detail.required': { en: '{field}: is required' },
  'detail.not_null': { en: '{field}: must not be null' },
  'detail.type_string': { en: '{field}: must be a string' },
  'detail.type_number': { en: '{field}: must be a number' },
  'detail.type_boolean': { en: '{field}: must be true or false' },
  'detail.enum': {
    en: '{field}: must be one of {requirement}',
  },
  'detail.min_length': {
    en: '{field}: must have at least {requirement} character(s)',
  },
  'detail.max_length': {
    en: '{field}: must have at most {requirement} characters',
  },
  'detail.non_negative': {
    en: '{field}: must be a finite number, zero or more',
  },
  'detail.number_range': {
    en: '{field}: must be 0 or lie in {requirement}, the range stored exactly',
  },
  'detail.unicode': {
    en: '{field}: must be well-formed Unicode (no lone surrogate)',
  },
  'detail.timestamp': {
    en: '{field}: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
  },
  'detail.identifier': {
    en: '{field}: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
  },
  'detail.page': { en: '{field}: must be a whole number, 1 or more' },
  'detail.filename': {
    en: '{field}: must not contain control characters, / or \\',
  },
  'detail.required_when_solved': {
    en: '{field}: is required when State is SOLVED',
  },
  'detail.end_before_start': {
    en: '{field}: must not lie before IncidentDateStart',
  },
  'detail.export_prefix': {
    en: '{field}: must be an export folder in the bucket, such as exports/{client}/{run}/',
  },
  'detail.segments': {
    en: '{field}: must be a whole number from 1 to 1000',
  },
  'detail.execution_id': {
    en: '{field}: must be an execution id as a start route answers it, such as regenerate-sequence-memory-{uuid}',
  },
  'detail.required_with': {
    en: '{field}: is required when {other} is given',
  },
  'detail.positive': { en: '{field}: must be greater than 0' },
  'detail.max_items': {
    en: '{field}: must hold at most {requirement} items',
  },
  'detail.fraction': {
    en: '{field}: must be a number greater than 0 and less than 1',
  },
  'detail.future': {
    en: "{field}: lies more than {minutes} minutes after the server's time (timestamps are UTC)",
  },
  'detail.released_by_caller': {
    en: '{field}: must be the caller, who releases the container',
  },
  'detail.set_by_release': {
    en: '{field}: is set by the release, not by an update',
  },
  'detail.sum_of_ratios': {
    en: 'Sum of ratios ({type}): {sum}; cleared at 1 or below',
  },
  'detail.surface_sum_of_ratios': {
    en: 'Sum of ratios of the surface contamination ({type}): {sum}; cleared at 1 or below',
  },
  'detail.decision_measurement': {
    en: 'Decision measurement of {at}: sum of ratios now {sum}; detection limits low enough: {limits}',
  },
  'detail.missing_input': {
    en: '{field}: missing or unusable, so the assessment cannot be made',
  },
  'detail.prediction': { en: 'Release date: {remark}' },
  'detail.year': { en: '{field}: must be a year, 0001 to 9999' },
  'detail.body_object': { en: 'The body must be a JSON object' },
  'detail.field': { en: '{field}' },
  'detail.if_match': {
    en: 'If-Match: {value} does not match the current ETag',
  },
  'detail.idempotency_key': {
    en: '{field}: must be 1 to 128 letters, digits or _ . : -',
  },
  'detail.retry_after': {
    en: 'Try again in {seconds} s; nothing was written.',
  },
  'detail.request_id': { en: 'Request id: {requestId}' },
  'detail.notice_not_in_force': {
    en: 'The clearance notice is in force from {from} to {until}, not at {at}',
  },
  'detail.notice_type': {
    en: 'The clearance notice permits {types}, not {type}',
  },
  'detail.notice_form': {
    en: 'The clearance notice covers the waste forms {forms}, not {form}',
  },
  // clearance notices, instruments, decision measurements
  'detail.object_members': {
    en: '{field}: must be an object holding only the documented members',
  },
  'detail.min_items': {
    en: '{field}: must hold at least {requirement} item(s)',
  },
  'detail.at_most': { en: '{field}: must be at most {requirement}' },
  'detail.no_repeats': {
    en: '{field}: must not name a value twice',
  },
  'detail.not_before': {
    en: '{field}: must not lie before {other}',
  },
  'detail.after': { en: '{field}: must lie after {other}' },
  'detail.limits_without_individual': {
    en: '{field}: limits are set for a release in the individual case only (ReleaseTypes holds no INDIVIDUAL)',
  },
  'detail.limits_required': {
    en: '{field}: a notice for the individual case (INDIVIDUAL) sets at least one limit',
  },
  'detail.document_not_found': {
    en: '{field}: no document {uuid} in this facility',
  },
  'detail.frozen_when_cited': {
    en: '{field}: cannot change once a release cites the notice',
  },
  'detail.valid_until_cited': {
    en: '{field}: a cited notice can only be closed, at or after its last citation {at}, never reopened',
  },
  'detail.probe_area': {
    en: '{field}: a SURFACE calibration names the probe area (> 0 cm²); other geometries none (null)',
  },
  'detail.one_probe_area': {
    en: '{field}: the SURFACE calibrations of one instrument name one probe area',
  },
  'detail.efficiency': {
    en: '{field}: must be greater than 0 and at most 1 (counts per second per Bq)',
  },
  'detail.rel_uncertainty': {
    en: '{field}: must be a relative uncertainty of at least 0 and less than 0.5',
  },
  'detail.whole_number_range': {
    en: '{field}: must be a whole number from {requirement}',
  },
  'detail.one_of_members': {
    en: '{field}: give either Surface or NoFixedSurfaceReason, not both',
  },
  'detail.averaging_area_below_probe': {
    en: '{field}: {area} cm² is less than the probe area of {probe} cm²',
  },
  'detail.calibration_not_yet_valid': {
    en: 'Calibration valid only from {from}',
  },
  'detail.calibration_due': { en: 'Calibration due since {since}' },
  'detail.no_function_check': {
    en: 'No function check before {at}',
  },
  'detail.function_check_failed': {
    en: 'The last function check ({at}) failed',
  },
  'detail.function_check_expired': {
    en: 'The last function check ({at}) is older than its interval of {days} days',
  },
  'detail.calibration_missing': {
    en: 'No calibration for geometry {geometry} and nuclide {nuclide}',
  },
  'detail.measurement_input': {
    en:
      '{field}: missing (a decision measurement is evaluated per g of Weight, split into the nuclides of the ' +
      'contents)',
  },
  'detail.figures_out_of_range': {
    en:
      '{field}: the computed figures leave the range stored exactly; check the counts, times, efficiencies and ' +
      'Weight',
  },
  'detail.plant_required': {
    en: '{field}: the notice permits {route}: name at least one plant of it',
  },
  'detail.plant_without_route': {
    en: '{field}: names a plant of {route}, which ReleaseTypes does not permit',
  },
  'detail.plants': {
    en: 'Plants of {type} in the notice: {plants}',
  },
  'detail.plant_for_disposal': {
    en: '{field}: names the plant of a release for disposal (SPECIFIC_LANDFILL, SPECIFIC_INCINERATION) only',
  },
  'detail.impurities_unknown': {
    en: 'Content {content} ({nuclide}): Impurities not entered; its certificate is asked for {impurities}',
  },
  'detail.impurities_justification': {
    en:
      '{field}: required when Impurities is [] for {nuclide}, which brings {impurities}: why none are expected ' +
      '(e.g. a spectrometry that found none), at least 10 characters',
  },
  'detail.only_with_no_impurities': {
    en: '{field}: states why there are none, so only with Impurities []',
  },
  'detail.implausible_below': {
    en: 'Measured {factor} times below the prediction; more than {limit} times is implausible',
  },
  'detail.implausible_above': {
    en: 'Measured above the prediction beyond its uncertainty: {measured} − {k} × {uncertainty} > {predicted}',
  },
  /** Added to a message whose details are cut to the first MAX_DETAILS (shared/i18n/translate.ts). */
  'detail.listed': {
    en: '{total} problems; the details list the first {shown}.',
  },
  // the book of radioactive material
  'detail.frozen_when_booked': {
    en: '{field}: cannot change once a booking was checked against the licence',
  },
  'detail.licence_exceeded': {
    en: '{nuclide}: {stock} Bq held and {incoming} Bq coming in exceed the limit of {limit} Bq',
  },
  'detail.licence_sum': {
    en: 'The sum over nuclides of stock over limit would be {sum}, above 1 (the licence’s sum rule)',
  },
  'detail.generator_nuclide': {
    en: '{field}: a generator holds a parent nuclide whose daughter is eluted: {nuclides}',
  },
  'detail.certificate_scope': {
    en: '{field}: the document {uuid} lies in scope {scope}; a certificate of this item belongs in {expected}',
  },
  'detail.container_not_found': {
    en: '{field}: no waste container {uuid} in this facility',
  },
  'detail.activity_range': {
    en: '{field}: must be more than 0 and less than 10^15 Bq',
  },
  'detail.month': {
    en: '{field}: must be a calendar month YYYY-MM',
  },
  'detail.year_not_ended': {
    en: '{field}: the year {year} has not ended where the facility is',
  },
  'detail.time_zone': {
    en: '{field}: must be an IANA time zone (e.g. America/Chicago)',
  },
  'detail.no_shielding': {
    en: '{field}: must be true: the survey is taken with no shielding interposed (10 CFR 35.92(a)(1))',
  },
  'detail.contents_required': {
    en: 'Contents: none entered; decay-in-storage needs each nuclide and its half-life (at most {days} days)',
  },
  'detail.half_life_unknown': {
    en: 'Content {content}: the half-life of {nuclide} is not known',
  },
  'detail.half_life_too_long': {
    en: 'Content {content}: {nuclide} has a half-life of {days} days, more than {limit}',
  },
  'detail.member_differs': {
    en: '{field}: the item has {expected}, not {given}',
  },
} as const satisfies Record<string, { en: string }>;

export type DetailKey = keyof typeof details;
export type Params = Record<string, string | number>;
