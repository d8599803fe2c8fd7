/**
 * The message catalogue: every notification and detail line the service can say, with its stable
 * code, kind and level, in English and German. Nothing else holds user-facing text.
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
  de: string;
}

export const messages = {
  // successes
  'container.created': {
    code: 20101,
    type: 'Success',
    level: 'INFO',
    en: 'The container was created.',
    de: 'Der Behälter wurde angelegt.',
  },
  'container.updated': {
    code: 20001,
    type: 'Success',
    level: 'INFO',
    en: 'The container was updated.',
    de: 'Der Behälter wurde geändert.',
  },
  'container.deleted': {
    code: 20002,
    type: 'Success',
    level: 'INFO',
    en: 'The container was deleted.',
    de: 'Der Behälter wurde gelöscht.',
  },
  'document.created': {
    code: 20102,
    type: 'Success',
    level: 'INFO',
    en: 'The document was created; upload its file with the Upload form.',
    de: 'Das Dokument wurde angelegt; die Datei wird mit dem Upload-Formular hochgeladen.',
  },
  'document.updated': {
    code: 20003,
    type: 'Success',
    level: 'INFO',
    en: 'The document was updated.',
    de: 'Das Dokument wurde geändert.',
  },
  'maintenance.created': {
    code: 20103,
    type: 'Success',
    level: 'INFO',
    en: 'The maintenance log entry was created.',
    de: 'Der Wartungsbucheintrag wurde angelegt.',
  },
  'maintenance.updated': {
    code: 20004,
    type: 'Success',
    level: 'INFO',
    en: 'The maintenance log entry was updated.',
    de: 'Der Wartungsbucheintrag wurde geändert.',
  },
  'container.content_added': {
    code: 20104,
    type: 'Success',
    level: 'INFO',
    en: 'The content was added to the container.',
    de: 'Der Inhalt wurde dem Behälter hinzugefügt.',
  },
  'container.content_removed': {
    code: 20005,
    type: 'Success',
    level: 'INFO',
    en: 'The content was removed from the container.',
    de: 'Der Inhalt wurde aus dem Behälter entfernt.',
  },
  'release.recorded': {
    code: 20105,
    type: 'Success',
    level: 'INFO',
    en: 'The container was released; its release record is archived as document {document}.',
    de: 'Der Behälter wurde freigegeben; sein Freigabeprotokoll ist als Dokument {document} archiviert.',
  },
  'release.shares_assumed': {
    code: 20202,
    type: 'Info',
    level: 'INFO',
    en:
      'The contents carry no activities: each nuclide is assumed to carry the whole measured activity ' +
      '(conservative).',
    de:
      'Die Inhalte haben keine Aktivitäten: Für jedes Nuklid wird die gesamte gemessene Aktivität angenommen ' +
      '(konservativ).',
  },
  'release.date_predicted': {
    code: 20203,
    type: 'Info',
    level: 'INFO',
    en: 'ReleaseDateTime was set to the predicted release date {date}.',
    de: 'ReleaseDateTime wurde auf das vorhergesagte Freigabedatum {date} gesetzt.',
  },
  'release.date_repredicted': {
    code: 20205,
    type: 'Info',
    level: 'INFO',
    en: 'ReleaseDateTime was predicted again from the changed data: {date}.',
    de: 'ReleaseDateTime wurde aus den geänderten Daten neu vorhergesagt: {date}.',
  },
  'release.date_unpredictable': {
    code: 20206,
    type: 'Info',
    level: 'INFO',
    en: 'No release date can be predicted from the changed data ({reason}): ReleaseDateTime was cleared.',
    de:
      'Aus den geänderten Daten lässt sich kein Freigabedatum vorhersagen ({reason}): ReleaseDateTime wurde ' +
      'geleert.',
  },
  'release.time_from_server': {
    code: 20207,
    type: 'Info',
    level: 'INFO',
    en: 'ReleasedByRadiationProtectionOfficerDateTime is the time of the release on the server: {at} (UTC).',
    de: 'ReleasedByRadiationProtectionOfficerDateTime ist der Zeitpunkt der Freigabe auf dem Server: {at} (UTC).',
  },
  'release.not_predictable': {
    code: 20280,
    type: 'Info',
    level: 'INFO',
    en: 'No release date can be predicted: {reason}.',
    de: 'Es lässt sich kein Freigabedatum vorhersagen: {reason}.',
  },
  'operation.status': {
    code: 20204,
    type: 'Info',
    level: 'INFO',
    en: 'The execution {execution} of {operation} is {status}.',
    de: 'Die Ausführung {execution} von {operation} ist {status}.',
  },
  'operation.started': {
    code: 20201,
    type: 'Info',
    level: 'INFO',
    en: 'The operation {operation} was started as execution {execution}.',
    de: 'Der Vorgang {operation} wurde als Ausführung {execution} gestartet.',
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
    de:
      'Ein Inhalt mit {nuclide} bringt langlebige Verunreinigungen ({impurities}) mit: solange Impurities nicht laut ' +
      'Zertifikat angegeben sind ([] nur durch Strahlenschutzbeauftragte mit ImpuritiesJustification), lässt sich ' +
      'kein Freigabedatum vorhersagen und der Behälter nicht freigeben.',
  },
  'collection.truncated': {
    code: 30002,
    type: 'Warning',
    level: 'WARNING',
    en: 'Only the first {cap} of {total} items are listed; use the page operation for all of them.',
    de: 'Nur die ersten {cap} von {total} Einträgen werden aufgeführt; alle liefert die Seitenabfrage.',
  },
  'request.read_only_ignored': {
    code: 30001,
    type: 'Warning',
    level: 'WARNING',
    en: 'Read-only members were ignored.',
    de: 'Schreibgeschützte Felder wurden ignoriert.',
  },
  // client errors
  'request.invalid': {
    code: 40001,
    type: 'Error',
    level: 'ERROR',
    en: 'The request is invalid.',
    de: 'Die Anfrage ist ungültig.',
  },
  'request.malformed_json': {
    code: 40002,
    type: 'Error',
    level: 'ERROR',
    en: 'The request body is not valid JSON.',
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  },
  'request.bad_request': {
    code: 40003,
    type: 'Error',
    level: 'ERROR',
    en: 'The request cannot be processed.',
    de: 'Die Anfrage kann nicht verarbeitet werden.',
  },
  'request.malformed_path': {
    code: 40004,
    type: 'Error',
    level: 'ERROR',
    en: 'The request path is not validly percent-encoded.',
    de: 'Der Pfad der Anfrage ist nicht gültig prozentkodiert.',
  },
  'auth.token_missing': {
    code: 40101,
    type: 'Error',
    level: 'ERROR',
    en: 'A bearer token is required.',
    de: 'Ein Bearer-Token ist erforderlich.',
  },
  'auth.token_invalid': {
    code: 40102,
    type: 'Error',
    level: 'ERROR',
    en: 'The token is not valid.',
    de: 'Das Token ist ungültig.',
  },
  'auth.token_expired': {
    code: 40103,
    type: 'Error',
    level: 'ERROR',
    en: 'The token has expired.',
    de: 'Das Token ist abgelaufen.',
  },
  'auth.tenant_forbidden': {
    code: 40301,
    type: 'Error',
    level: 'ERROR',
    en: 'The token does not grant access to this client or facility.',
    de: 'Das Token erlaubt keinen Zugriff auf diesen Mandanten oder diese Einrichtung.',
  },
  'auth.access_denied': {
    code: 40304,
    type: 'Error',
    level: 'CRITICAL',
    en: 'Access to this data was refused; nothing was read or written.',
    de: 'Der Zugriff auf diese Daten wurde verweigert; es wurde nichts gelesen oder geschrieben.',
  },
  'auth.role_required': {
    code: 40302,
    type: 'Error',
    level: 'ERROR',
    en: 'This operation needs the role {role}.',
    de: 'Dieser Vorgang erfordert die Rolle {role}.',
  },
  'container.rpo_fields_forbidden': {
    code: 40303,
    type: 'Error',
    level: 'ERROR',
    en: 'Only a radiation protection officer may set or change the release fields.',
    de: 'Nur ein Strahlenschutzbeauftragter darf die Freigabefelder setzen oder ändern.',
  },
  'route.not_found': {
    code: 40401,
    type: 'Error',
    level: 'ERROR',
    en: 'There is no such endpoint.',
    de: 'Diesen Endpunkt gibt es nicht.',
  },
  'container.not_found': {
    code: 40402,
    type: 'Error',
    level: 'ERROR',
    en: 'The container was not found.',
    de: 'Der Behälter wurde nicht gefunden.',
  },
  'document.not_found': {
    code: 40403,
    type: 'Error',
    level: 'ERROR',
    en: 'The document was not found.',
    de: 'Das Dokument wurde nicht gefunden.',
  },
  'maintenance.not_found': {
    code: 40404,
    type: 'Error',
    level: 'ERROR',
    en: 'The maintenance log entry was not found.',
    de: 'Der Wartungsbucheintrag wurde nicht gefunden.',
  },
  'container.state_change_forbidden': {
    code: 40901,
    type: 'Error',
    level: 'ERROR',
    en: 'The state cannot change from {from} to {to}.',
    de: 'Der Status kann nicht von {from} zu {to} wechseln.',
  },
  'container.release_required': {
    code: 40902,
    type: 'Error',
    level: 'ERROR',
    en: 'The state {to} needs a release by a radiation protection officer.',
    de: 'Der Status {to} erfordert eine Freigabe durch einen Strahlenschutzbeauftragten.',
  },
  'container.delete_forbidden': {
    code: 40903,
    type: 'Error',
    level: 'ERROR',
    en: 'Only a container in state OPEN can be deleted; this one is {state}.',
    de: 'Nur ein Behälter im Status OPEN kann gelöscht werden; dieser ist {state}.',
  },
  'container.initial_state': {
    code: 40904,
    type: 'Error',
    level: 'ERROR',
    en: 'A new container starts in state OPEN, not {state}.',
    de: 'Ein neuer Behälter beginnt im Status OPEN, nicht {state}.',
  },
  'container.read_only': {
    code: 40906,
    type: 'Error',
    level: 'ERROR',
    en: 'The container is {state}, a record that must be kept: it cannot be changed.',
    de: 'Der Behälter ist {state}, ein aufzubewahrender Datensatz: er kann nicht geändert werden.',
  },
  'container.contents_locked': {
    code: 40909,
    type: 'Error',
    level: 'ERROR',
    en: 'The contents of a container change only while it is OPEN; this one is {state}.',
    de: 'Der Inhalt eines Behälters ändert sich nur im Status OPEN; dieser ist {state}.',
  },
  'container.content_duplicate': {
    code: 40910,
    type: 'Error',
    level: 'ERROR',
    en: 'The container already holds the content {contentId}.',
    de: 'Der Behälter enthält den Inhalt {contentId} bereits.',
  },
  'container.contents_full': {
    code: 40911,
    type: 'Error',
    level: 'ERROR',
    en: 'A container holds at most {max} contents.',
    de: 'Ein Behälter enthält höchstens {max} Inhalte.',
  },
  'container.clearance_not_reached': {
    code: 40912,
    type: 'Error',
    level: 'ERROR',
    en: 'The release assessment does not clear the container for {type} at this moment.',
    de: 'Die Freigabebewertung gibt den Behälter für {type} zu diesem Zeitpunkt nicht frei.',
  },
  'container.release_state': {
    code: 40913,
    type: 'Error',
    level: 'ERROR',
    en: 'A container is released from RELEASE_DATE_REACHED only; this one is {state}.',
    de: 'Ein Behälter wird nur aus RELEASE_DATE_REACHED freigegeben; dieser ist {state}.',
  },
  'container.release_date_too_early': {
    code: 40914,
    type: 'Error',
    level: 'ERROR',
    en: 'ReleaseDateTime {date} lies before the predicted release date {predicted}.',
    de: 'ReleaseDateTime {date} liegt vor dem vorhergesagten Freigabedatum {predicted}.',
  },
  'container.release_frozen': {
    code: 40915,
    type: 'Error',
    level: 'ERROR',
    en: 'The container was released at {at}: its measurements, contents and release are kept as they were.',
    de: 'Der Behälter wurde am {at} freigegeben: Messwerte, Inhalte und Freigabe bleiben, wie sie waren.',
  },
  'container.already_released': {
    code: 40916,
    type: 'Error',
    level: 'ERROR',
    en: 'The container was already released at {at}.',
    de: 'Der Behälter wurde bereits am {at} freigegeben.',
  },
  // the lawful release: closing, labels, waste form, notice, decision measurement
  'container.dilution': {
    code: 40930,
    type: 'Error',
    level: 'ERROR',
    en:
      "After closing, the container's mass may not be raised from {from} g to {to} g: that would dilute it " +
      '(StrlSchV § 34). A radiation protection officer may correct it with a Justification on record.',
    de:
      'Nach dem Verschließen darf die Masse des Behälters nicht von {from} g auf {to} g erhöht werden: das ' +
      'verdünnte ihn (§ 34 StrlSchV). Ein Strahlenschutzbeauftragter kann sie mit einer Begründung berichtigen.',
  },
  'container.labels_kept': {
    code: 40931,
    type: 'Error',
    level: 'ERROR',
    en: 'LabelsRemoved stays true once set: the labels were removed.',
    de: 'LabelsRemoved bleibt true, sobald es gesetzt ist: die Kennzeichnungen wurden entfernt.',
  },
  'settings.updated': {
    code: 20060,
    type: 'Success',
    level: 'INFO',
    en: "The facility's settings were changed.",
    de: 'Die Einstellungen der Einrichtung wurden geändert.',
  },
  'survey.recorded': {
    code: 20160,
    type: 'Success',
    level: 'INFO',
    en: 'The survey was recorded: the container cannot be distinguished from background.',
    de: 'Die Messung wurde erfasst: der Behälter ist vom Untergrund nicht zu unterscheiden.',
  },
  'settings.regime_locked': {
    code: 40918,
    type: 'Error',
    level: 'ERROR',
    en:
      'The facility works under {from}: it changes to {to} only while no container is in DECAY or later (a ' +
      "container's release date, gate and record follow the regime it was closed under).",
    de:
      'Die Einrichtung arbeitet unter {from}: sie wechselt zu {to} nur, solange kein Behälter in DECAY oder ' +
      'später ist (Freigabedatum, Schwelle und Protokoll eines Behälters folgen der Regelung, unter der er ' +
      'verschlossen wurde).',
  },
  'regime.not_applicable': {
    code: 40919,
    type: 'Error',
    level: 'ERROR',
    en: '{member} is not part of a release under {regime} ({law}), the regime of this facility.',
    de: '{member} gehört nicht zu einer Freigabe unter {regime} ({law}), der Regelung dieser Einrichtung.',
  },
  'container.not_eligible': {
    code: 40920,
    type: 'Error',
    level: 'ERROR',
    en:
      'Only material with a physical half-life of at most 120 days may be held for decay-in-storage (10 CFR ' +
      '35.92(a)); the container stays {state}.',
    de:
      'Nur Stoffe mit einer physikalischen Halbwertszeit von höchstens 120 Tagen dürfen zum Abklingen gelagert ' +
      'werden (10 CFR 35.92(a)); der Behälter bleibt {state}.',
  },
  'container.above_background': {
    code: 40921,
    type: 'Error',
    level: 'ERROR',
    en:
      'The surface reading {surface} can be distinguished from the background {background}: the net reading {net} ' +
      'lies above its decision threshold {threshold} (DIN ISO 11929-1, k = {k}). Hold the container for decay and ' +
      'survey again; nothing was recorded.',
    de:
      'Der Messwert an der Oberfläche {surface} ist vom Untergrund {background} zu unterscheiden: der Nettowert ' +
      '{net} liegt über seiner Erkennungsgrenze {threshold} (DIN ISO 11929-1, k = {k}). Der Behälter lagert ' +
      'weiter; es wurde nichts erfasst.',
  },
  'container.survey_required': {
    code: 40922,
    type: 'Error',
    level: 'ERROR',
    en:
      "A disposal after decay-in-storage rests on a survey of the container's surface at background since it " +
      'entered DECAY ({since}) (10 CFR 35.92(a)(1)): POST .../survey first.',
    de:
      'Eine Beseitigung nach Abklinglagerung beruht auf einer Messung an der Behälteroberfläche auf Untergrundniveau ' +
      'seit DECAY ({since}) (10 CFR 35.92(a)(1)): zuerst POST .../survey.',
  },
  'container.labels_on': {
    code: 40923,
    type: 'Error',
    level: 'ERROR',
    en:
      'The radiation labels are removed or obliterated before the disposal (10 CFR 35.92(a)(3)): set LabelsRemoved ' +
      'true first.',
    de:
      'Die Strahlenkennzeichnungen werden vor der Beseitigung entfernt oder unkenntlich gemacht (10 CFR ' +
      '35.92(a)(3)): zuerst LabelsRemoved auf true setzen.',
  },
  'container.held_for_decay': {
    code: 40924,
    type: 'Error',
    level: 'ERROR',
    en:
      'The container is held for decay until {date} (ten half-lives of its longest-lived nuclide, 10 CFR 35.92); it ' +
      'reaches RELEASE_DATE_REACHED then.',
    de:
      'Der Behälter lagert zum Abklingen bis {date} (zehn Halbwertszeiten seines langlebigsten Nuklids, 10 CFR ' +
      '35.92); dann erreicht er RELEASE_DATE_REACHED.',
  },
  'container.survey_state': {
    code: 40925,
    type: 'Error',
    level: 'ERROR',
    en: 'A container is surveyed for its disposal in DECAY or RELEASE_DATE_REACHED; this container is {state}.',
    de: 'Ein Behälter wird für seine Beseitigung in DECAY oder RELEASE_DATE_REACHED gemessen; dieser ist {state}.',
  },
  'survey.instrument_kind': {
    code: 40926,
    type: 'Error',
    level: 'ERROR',
    en:
      'A decay-in-storage survey is taken with a survey meter (10 CFR 35.92(a)(1)); the instrument {instrument} is ' +
      'a {kind}.',
    de:
      'Eine Messung zur Abklinglagerung erfolgt mit einem Survey Meter (10 CFR 35.92(a)(1)); das Gerät {instrument} ' +
      'ist ein {kind}.',
  },
  'container.labels_before_release': {
    code: 40932,
    type: 'Error',
    level: 'ERROR',
    en:
      'Radioactive waste keeps its radiation labels (StrlSchV § 91 Abs. 1); they come off after its release (§ 93 ' +
      'Abs. 2), and the container is not released.',
    de:
      'Radioaktive Abfälle bleiben gekennzeichnet (§ 91 Abs. 1 StrlSchV); die Kennzeichnungen werden nach der ' +
      'Freigabe entfernt (§ 93 Abs. 2 StrlSchV), und der Behälter ist nicht freigegeben.',
  },
  'container.label_released': {
    code: 40990,
    type: 'Error',
    level: 'ERROR',
    en:
      'The container was released at {at}: it is no longer radioactive waste, and its radiation labels come off ' +
      '(StrlSchV § 93 Abs. 2; 10 CFR 35.92 (a)(3)); no label is printed for it.',
    de:
      'Der Behälter wurde am {at} freigegeben: er enthält keine radioaktiven Abfälle mehr, seine Kennzeichnungen ' +
      'werden entfernt (§ 93 Abs. 2 StrlSchV); für ihn wird kein Etikett gedruckt.',
  },
  'container.label_removed': {
    code: 40991,
    type: 'Error',
    level: 'ERROR',
    en:
      "The container's radiation labels were removed (LabelsRemoved) before its disposal (10 CFR 35.92 (a)(3)): no " +
      'label is printed for it.',
    de:
      'Die Kennzeichnungen des Behälters wurden vor seiner Beseitigung entfernt (LabelsRemoved, 10 CFR 35.92 ' +
      '(a)(3)): für ihn wird kein Etikett gedruckt.',
  },
  'container.labels_not_removed': {
    code: 40933,
    type: 'Error',
    level: 'ERROR',
    en:
      'DISPOSED hands the material on as non-radioactive: its radiation labels must be removed first ' +
      '(LabelsRemoved true, StrlSchV § 93 Abs. 2).',
    de:
      'DISPOSED gibt den Stoff als nicht radioaktiv weiter: zuvor sind die Strahlenzeichen zu entfernen ' +
      '(LabelsRemoved true, § 93 Abs. 2 StrlSchV).',
  },
  'container.waste_form_required': {
    code: 40934,
    type: 'Error',
    level: 'ERROR',
    en: "A release needs the container's WasteForm: the values of a release type hold for some forms only.",
    de: 'Eine Freigabe braucht die WasteForm des Behälters: die Werte einer Freigabeart gelten nur für manche Formen.',
  },
  'container.waste_form_not_permitted': {
    code: 40935,
    type: 'Error',
    level: 'ERROR',
    en:
      '{type} does not cover waste of the form {form}; the ordinance lets it cover {forms} (StrlSchV § 36 Abs. 1 ' +
      'Nr. 3 and 4, Anlage 8 Teil B; anything else in the individual case, § 37 Abs. 1).',
    de:
      '{type} umfasst keine Abfälle der Form {form}; die Verordnung lässt {forms} zu (§ 36 Abs. 1 Nr. 3 und 4, ' +
      'Anlage 8 Teil B StrlSchV; alles andere im Einzelfall, § 37 Abs. 1).',
  },
  'container.notice_not_applicable': {
    code: 40936,
    type: 'Error',
    level: 'ERROR',
    en: 'The clearance notice {fileNumber} does not carry this release.',
    de: 'Der Freigabebescheid {fileNumber} trägt diese Freigabe nicht.',
  },
  'container.decision_measurement_required': {
    code: 40937,
    type: 'Error',
    level: 'ERROR',
    en:
      'A release rests on a decision measurement made since the container last entered DECAY ({since}); there is ' +
      'none (POST .../measurement).',
    de:
      'Eine Freigabe beruht auf einer Entscheidungsmessung seit dem letzten Eintritt in DECAY ({since}); es gibt ' +
      'keine (POST .../measurement).',
  },
  'container.decision_measurement_stale': {
    code: 40938,
    type: 'Error',
    level: 'ERROR',
    en: 'The decision measurement of {at} no longer carries a release: {reason}. Measure again.',
    de: 'Die Entscheidungsmessung vom {at} trägt keine Freigabe mehr: {reason}. Bitte erneut messen.',
  },
  'container.detection_limit_too_high': {
    code: 40939,
    type: 'Error',
    level: 'ERROR',
    en:
      'The detection limits of the decision measurement of {at} are too high to show that the values of {type} are ' +
      'met; measure longer or with a better instrument.',
    de:
      'Die Nachweisgrenzen der Entscheidungsmessung vom {at} sind zu hoch, um die Einhaltung der Werte für {type} ' +
      'zu zeigen; länger oder mit einem besseren Gerät messen.',
  },
  'container.disposal_mass_exceeded': {
    code: 40940,
    type: 'Error',
    level: 'ERROR',
    en:
      'This release would bring the releases of {type} in the calendar year {year} ({timeZone}) to {total} kg; ' +
      'Spalte 8 and 9 hold for up to 100 Mg a calendar year (StrlSchV § 36 Abs. 1 Nr. 3 c aa, Nr. 4 c aa).',
    de:
      'Diese Freigabe brächte die Freigaben nach {type} im Kalenderjahr {year} ({timeZone}) auf {total} kg; Spalte 8 ' +
      'und 9 gelten bis 100 Mg im Kalenderjahr (§ 36 Abs. 1 Nr. 3 Buchstabe c Doppelbuchstabe aa, Nr. 4 Buchstabe ' +
      'c Doppelbuchstabe aa StrlSchV).',
  },
  'container.release_notice_ambiguous': {
    code: 40941,
    type: 'Error',
    level: 'ERROR',
    en:
      'Setting IsReleasedByRadiationProtectionOfficer releases UNRESTRICTED under the one clearance notice of the ' +
      'facility that permits it; the facility has {count}. Use POST .../release with ClearanceNoticeUuid.',
    de:
      'IsReleasedByRadiationProtectionOfficer gibt uneingeschränkt frei, gestützt auf den einen Freigabebescheid der ' +
      'Einrichtung, der das erlaubt; die Einrichtung hat {count}. Bitte POST .../release mit ClearanceNoticeUuid.',
  },
  'document.kept_record': {
    code: 40917,
    type: 'Error',
    level: 'ERROR',
    en: 'The document is a release record, kept unchanged until {until}.',
    de: 'Das Dokument ist ein Freigabeprotokoll und wird bis {until} unverändert aufbewahrt.',
  },
  'operation.execution_not_found': {
    code: 40406,
    type: 'Error',
    level: 'ERROR',
    en: 'There is no such execution of a maintenance operation.',
    de: 'Diese Ausführung eines Wartungsvorgangs gibt es nicht.',
  },
  'container.content_not_found': {
    code: 40405,
    type: 'Error',
    level: 'ERROR',
    en: 'The container holds no such content.',
    de: 'Der Behälter enthält diesen Inhalt nicht.',
  },
  'request.concurrent_update': {
    code: 40905,
    type: 'Error',
    level: 'ERROR',
    en: 'The item was changed by other requests at the same time; try again.',
    de: 'Das Element wurde gleichzeitig von anderen Anfragen geändert; bitte erneut versuchen.',
  },
  'request.method_not_allowed': {
    code: 40501,
    type: 'Error',
    level: 'ERROR',
    en: 'This method is not allowed here.',
    de: 'Diese Methode ist hier nicht erlaubt.',
  },
  'request.not_acceptable': {
    code: 40601,
    type: 'Error',
    level: 'ERROR',
    en: 'None of the media types in Accept can be answered; this operation answers {types}.',
    de: 'Keiner der Medientypen in Accept kann geliefert werden; dieser Vorgang liefert {types}.',
  },
  'register.truncated': {
    code: 30004,
    type: 'Warning',
    level: 'WARNING',
    en: 'Only the first {cap} of the {total} releases of the year are listed; the summary counts them all.',
    de: 'Nur die ersten {cap} der {total} Freigaben des Jahres werden aufgeführt; die Zusammenfassung zählt alle.',
  },
  'request.precondition_failed': {
    code: 41201,
    type: 'Error',
    level: 'ERROR',
    en: 'The item has changed since it was loaded (If-Match does not match its ETag).',
    de: 'Das Element wurde seit dem Laden geändert (If-Match passt nicht zum ETag).',
  },
  'request.too_large': {
    code: 41301,
    type: 'Error',
    level: 'ERROR',
    en: 'The request body is larger than {max} bytes.',
    de: 'Der Inhalt der Anfrage ist größer als {max} Bytes.',
  },
  'request.headers_too_large': {
    code: 43101,
    type: 'Error',
    level: 'ERROR',
    en: 'The request headers are too large.',
    de: 'Die Kopfzeilen der Anfrage sind zu groß.',
  },
  'request.unsupported_media_type': {
    code: 41501,
    type: 'Error',
    level: 'ERROR',
    en: 'The request body must be JSON (Content-Type: application/json).',
    de: 'Der Inhalt der Anfrage muss JSON sein (Content-Type: application/json).',
  },
  'idempotency.key_reused': {
    code: 40907,
    type: 'Error',
    level: 'ERROR',
    en: 'This Idempotency-Key was used with another request body; use a new key for a new request.',
    de:
      'Dieser Idempotency-Key wurde mit einem anderen Inhalt verwendet; für eine neue Anfrage einen neuen Schlüssel ' +
      'verwenden.',
  },
  'idempotency.in_progress': {
    code: 40908,
    type: 'Error',
    level: 'ERROR',
    en: 'A request with this Idempotency-Key is still being processed; try again shortly.',
    de: 'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet; bitte gleich erneut versuchen.',
  },
  'request.throttled': {
    code: 42901,
    type: 'Error',
    level: 'ERROR',
    en: 'Too many requests; try again shortly.',
    de: 'Zu viele Anfragen; bitte gleich erneut versuchen.',
  },
  // server errors
  'server.error': {
    code: 50001,
    type: 'Error',
    level: 'CRITICAL',
    en: 'Something went wrong. Please try again later.',
    de: 'Etwas ist schiefgelaufen. Bitte später erneut versuchen.',
  },
  'server.deadline': {
    code: 50302,
    type: 'Error',
    level: 'ERROR',
    en: 'The request ran out of time before anything was written; nothing was stored. Try again.',
    de:
      'Die Anfrage hatte keine Zeit mehr, bevor etwas geschrieben wurde; es wurde nichts gespeichert. Bitte erneut ' +
      'versuchen.',
  },
  'server.unavailable': {
    code: 50301,
    type: 'Error',
    level: 'CRITICAL',
    en: 'The service is temporarily unavailable.',
    de: 'Der Dienst ist vorübergehend nicht verfügbar.',
  },
  // clearance notices, instruments, decision measurements
  'clearance_notice.created': {
    code: 20150,
    type: 'Success',
    level: 'INFO',
    en: 'The clearance notice was recorded.',
    de: 'Der Freigabebescheid wurde erfasst.',
  },
  'clearance_notice.updated': {
    code: 20050,
    type: 'Success',
    level: 'INFO',
    en: 'The clearance notice was updated.',
    de: 'Der Freigabebescheid wurde geändert.',
  },
  'instrument.created': {
    code: 20151,
    type: 'Success',
    level: 'INFO',
    en: 'The instrument was recorded.',
    de: 'Das Messgerät wurde erfasst.',
  },
  'instrument.updated': {
    code: 20051,
    type: 'Success',
    level: 'INFO',
    en: 'The instrument was updated.',
    de: 'Das Messgerät wurde geändert.',
  },
  'instrument.check_recorded': {
    code: 20152,
    type: 'Success',
    level: 'INFO',
    en: 'The function check was recorded.',
    de: 'Die Funktionsprüfung wurde erfasst.',
  },
  'measurement.recorded': {
    code: 20153,
    type: 'Success',
    level: 'INFO',
    en: 'The decision measurement was recorded.',
    de: 'Die Entscheidungsmessung wurde erfasst.',
  },
  'instrument.not_usable_now': {
    code: 20250,
    type: 'Info',
    level: 'INFO',
    en: 'The instrument is not usable now.',
    de: 'Das Messgerät ist derzeit nicht einsetzbar.',
  },
  'measurement.shares_assumed': {
    code: 20251,
    type: 'Info',
    level: 'INFO',
    en:
      'The contents carry no activities: the lowest efficiency of their nuclides was used, and each nuclide is ' +
      'assumed to carry the whole measured activity (conservative).',
    de:
      'Die Inhalte haben keine Aktivitäten: Die niedrigste Effizienz ihrer Nuklide wurde verwendet, und für jedes ' +
      'Nuklid wird die gesamte gemessene Aktivität angenommen (konservativ).',
  },
  'listing.truncated': {
    code: 30050,
    type: 'Warning',
    level: 'WARNING',
    en: 'Only the first {cap} of {total} items are listed.',
    de: 'Nur die ersten {cap} von {total} Einträgen werden aufgeführt.',
  },
  'container.impurities_unknown': {
    code: 40980,
    type: 'Error',
    level: 'ERROR',
    en:
      'Contents whose nuclide brings long-lived impurities have none entered: the container cannot be assessed, ' +
      'and its decision measurement cannot be split into nuclides, until their Impurities are (from the certificate; ' +
      '[] only by an officer, with ImpuritiesJustification).',
    de:
      'Für Inhalte, deren Nuklid langlebige Verunreinigungen mitbringt, sind keine angegeben: der Behälter lässt ' +
      'sich nicht bewerten und seine Entscheidungsmessung nicht auf die Nuklide aufteilen, bis ihre Impurities ' +
      'angegeben sind (laut Zertifikat; [] nur durch Strahlenschutzbeauftragte mit ImpuritiesJustification).',
  },
  'container.averaging_mass': {
    code: 40981,
    type: 'Error',
    level: 'ERROR',
    en:
      'The container weighs {mass} kg, more than the averaging mass of {limit} kg (StrlSchV Anlage 8 Teil A Nr. 1 c: ' +
      '"darf 300 kg nicht wesentlich überschreiten", unless the clearance notice sets MaxAveragingMassKg): ' +
      'release it in parts.',
    de:
      'Der Behälter wiegt {mass} kg, mehr als die Mittelungsmasse von {limit} kg (Anlage 8 Teil A Nr. 1 c StrlSchV: ' +
      '„darf 300 kg nicht wesentlich überschreiten“, sofern der Freigabebescheid keine MaxAveragingMassKg festlegt): ' +
      'in Teilmassen freigeben.',
  },
  'container.disposal_plant': {
    code: 40982,
    type: 'Error',
    level: 'ERROR',
    en:
      'The clearance notice {fileNumber} names no plant "{plant}" of {type}: a release for disposal goes to a plant ' +
      "whose operator's acceptance declaration the notice rests on (StrlSchV § 40 Abs. 2).",
    de:
      'Der Freigabebescheid {fileNumber} nennt keine Anlage „{plant}“ für {type}: eine Freigabe zur Beseitigung geht ' +
      'an eine Anlage, deren Annahmeerklärung des Betreibers dem Bescheid zugrunde liegt (§ 40 Abs. 2 StrlSchV).',
  },
  'measurement.instrument_unfit': {
    code: 40983,
    type: 'Error',
    level: 'ERROR',
    en:
      'The instrument {instrument} ({kind}) is not suitable for a decision measurement in the geometry {geometry} ' +
      '(StrlSchV § 90 Abs. 4: suitable instruments); a {kind} measures {geometries}.',
    de:
      'Das Messgerät {instrument} ({kind}) ist für eine Entscheidungsmessung in der Geometrie {geometry} nicht ' +
      'geeignet (§ 90 Abs. 4 StrlSchV: geeignete Strahlungsmessgeräte); ein {kind} misst {geometries}.',
  },
  'measurement.implausible': {
    code: 40984,
    type: 'Error',
    level: 'ERROR',
    en:
      'The decision measurement of {at} disagrees with the prediction from the declared contents: sum of ratios ' +
      '{measured} measured, {predicted} predicted ({type}). Measure again, or an officer records the cause ' +
      '(DiscrepancyCause) with the release.',
    de:
      'Die Entscheidungsmessung vom {at} widerspricht der Vorhersage aus den angegebenen Inhalten: Summe der ' +
      'Verhältniszahlen {measured} gemessen, {predicted} vorhergesagt ({type}). Erneut messen, oder ' +
      'Strahlenschutzbeauftragte halten die Ursache (DiscrepancyCause) mit der Freigabe fest.',
  },
  'clearance_notice.not_found': {
    code: 40450,
    type: 'Error',
    level: 'ERROR',
    en: 'The clearance notice was not found.',
    de: 'Der Freigabebescheid wurde nicht gefunden.',
  },
  'instrument.not_found': {
    code: 40451,
    type: 'Error',
    level: 'ERROR',
    en: 'The instrument was not found.',
    de: 'Das Messgerät wurde nicht gefunden.',
  },
  'clearance_notice.cited': {
    code: 40950,
    type: 'Error',
    level: 'ERROR',
    en:
      'A release cites this clearance notice: its types, waste forms, limits and dates stay as they were; it can ' +
      'only be closed by ValidUntil.',
    de:
      'Eine Freigabe beruft sich auf diesen Freigabebescheid: Freigabearten, Abfallformen, Werte und Daten bleiben, ' +
      'wie sie waren; er kann nur mit ValidUntil beendet werden.',
  },
  'container.measurement_state': {
    code: 40951,
    type: 'Error',
    level: 'ERROR',
    en: 'A decision measurement is made in DECAY or RELEASE_DATE_REACHED; this container is {state}.',
    de: 'Eine Entscheidungsmessung erfolgt in DECAY oder RELEASE_DATE_REACHED; dieser Behälter ist {state}.',
  },
  'container.measurement_before_decay': {
    code: 40952,
    type: 'Error',
    level: 'ERROR',
    en: 'MeasuredAt {at} lies before the container was closed for decay ({since}): the measurement must follow it.',
    de:
      'MeasuredAt {at} liegt vor dem Verschließen des Behälters zum Abklingen ({since}): die Messung muss danach ' +
      'erfolgen.',
  },
  'container.measurement_inputs': {
    code: 40953,
    type: 'Error',
    level: 'ERROR',
    en: 'The container lacks what a decision measurement is evaluated with.',
    de: 'Dem Behälter fehlt, womit eine Entscheidungsmessung ausgewertet wird.',
  },
  'instrument.not_usable': {
    code: 40954,
    type: 'Error',
    level: 'ERROR',
    en: 'The instrument {instrument} was not usable at {at}.',
    de: 'Das Messgerät {instrument} war am {at} nicht einsetzbar.',
  },
  'instrument.not_calibrated': {
    code: 40955,
    type: 'Error',
    level: 'ERROR',
    en: 'The instrument {instrument} has no calibration for what the container holds.',
    de: 'Das Messgerät {instrument} ist für den Inhalt des Behälters nicht kalibriert.',
  },
  // the book of radioactive material (StrlSchV § 85) and the licence
  'licence.created': {
    code: 20301,
    type: 'Success',
    level: 'INFO',
    en: 'The licence was recorded.',
    de: 'Die Genehmigung wurde erfasst.',
  },
  'licence.updated': {
    code: 20302,
    type: 'Success',
    level: 'INFO',
    en: 'The licence was updated.',
    de: 'Die Genehmigung wurde geändert.',
  },
  'material.received': {
    code: 20303,
    type: 'Success',
    level: 'INFO',
    en: 'The receipt was booked in the material book.',
    de: 'Der Zugang wurde im Buch der radioaktiven Stoffe gebucht.',
  },
  'material.eluted': {
    code: 20304,
    type: 'Success',
    level: 'INFO',
    en: 'The elution was booked: its eluate is a new item.',
    de: 'Die Elution wurde gebucht: ihr Eluat ist ein neuer Posten.',
  },
  'material.moved': {
    code: 20305,
    type: 'Success',
    level: 'INFO',
    en: 'The movement was booked in the material book.',
    de: 'Der Verbleib wurde im Buch der radioaktiven Stoffe gebucht.',
  },
  'material.dry_run': {
    code: 30101,
    type: 'Info',
    level: 'INFO',
    en: 'Dry run: checked against the licence in force; nothing was booked.',
    de: 'Probelauf: gegen die geltende Genehmigung geprüft; nichts wurde gebucht.',
  },
  'material.impurities_expected': {
    code: 30102,
    type: 'Warning',
    level: 'WARNING',
    en:
      'An item of {nuclide} brings long-lived impurities ({impurities}): its certificate states none here, so a ' +
      'container it goes into cannot be released until they are known.',
    de:
      'Ein Posten {nuclide} bringt langlebige Verunreinigungen ({impurities}) mit: sein Zertifikat nennt hier keine, ' +
      'ein Behälter mit ihm kann nicht freigegeben werden, bis sie bekannt sind.',
  },
  'content.not_in_book': {
    code: 30103,
    type: 'Warning',
    level: 'WARNING',
    en: 'The content {contentId} names no item of the material book: it is kept as entered, and not counted as stock.',
    de:
      'Der Inhalt {contentId} nennt keinen Posten des Buchs der radioaktiven Stoffe: er bleibt wie eingegeben und ' +
      'zählt nicht zum Bestand.',
  },
  'material.booked_above_licence': {
    code: 30104,
    type: 'Warning',
    level: 'WARNING',
    en: 'Booked above the licence, as the officer stated: the item is flagged and listed in the month’s report.',
    de:
      'Über der Genehmigung gebucht, wie der/die Strahlenschutzbeauftragte erklärt: der Posten ist gekennzeichnet ' +
      'und im Monatsbericht aufgeführt.',
  },
  'material.booked_without_licence': {
    code: 30105,
    type: 'Warning',
    level: 'WARNING',
    en: 'Booked with no licence in force at {at}, as the officer stated: the item is flagged.',
    de:
      'Ohne geltende Genehmigung am {at} gebucht, wie der/die Strahlenschutzbeauftragte erklärt: der Posten ist ' +
      'gekennzeichnet.',
  },
  'licence.not_found': {
    code: 40460,
    type: 'Error',
    level: 'ERROR',
    en: 'No licence with this identifier in this facility.',
    de: 'Keine Genehmigung mit dieser Kennung in dieser Einrichtung.',
  },
  'material.not_found': {
    code: 40461,
    type: 'Error',
    level: 'ERROR',
    en: 'No item of the material book with this identifier in this facility.',
    de: 'Kein Posten des Buchs der radioaktiven Stoffe mit dieser Kennung in dieser Einrichtung.',
  },
  'licence.booked': {
    code: 40970,
    type: 'Error',
    level: 'ERROR',
    en: 'A booking was checked against this licence: its limits and dates stay as they were.',
    de: 'Eine Buchung wurde gegen diese Genehmigung geprüft: ihre Grenzen und Daten bleiben, wie sie waren.',
  },
  'licence.exceeded': {
    code: 40971,
    type: 'Error',
    level: 'ERROR',
    en: 'The booking would take the stock above the licence in force (StrlSchG § 12 Abs. 1 Nr. 3).',
    de: 'Die Buchung brächte den Bestand über die geltende Genehmigung (StrlSchG § 12 Abs. 1 Nr. 3).',
  },
  'licence.none': {
    code: 40972,
    type: 'Error',
    level: 'ERROR',
    en: 'No licence of the facility is in force at {at}: record it first.',
    de: 'Am {at} gilt keine Genehmigung der Einrichtung: zuerst erfassen.',
  },
  'material.overdrawn': {
    code: 40973,
    type: 'Error',
    level: 'ERROR',
    en: 'The movement of {activity} Bq exceeds what is left of the item at {at}: {remainder} Bq.',
    de: 'Der Verbleib von {activity} Bq übersteigt, was vom Posten am {at} übrig ist: {remainder} Bq.',
  },
  'material.used_up': {
    code: 40974,
    type: 'Error',
    level: 'ERROR',
    en: 'Nothing of the item is left in store.',
    de: 'Vom Posten ist nichts mehr im Lager.',
  },
  'material.movements_full': {
    code: 40975,
    type: 'Error',
    level: 'ERROR',
    en: 'The item holds the most movements it can ({max}).',
    de: 'Der Posten hat die meisten Buchungen, die er fassen kann ({max}).',
  },
  'material.not_generator': {
    code: 40976,
    type: 'Error',
    level: 'ERROR',
    en: 'Only a generator is eluted; this item is a {kind}.',
    de: 'Eluiert wird nur ein Generator; dieser Posten ist ein {kind}.',
  },
  'material.member_differs': {
    code: 40977,
    type: 'Error',
    level: 'ERROR',
    en: 'A content drawn from the material book takes its kind, nuclide and impurities from the item.',
    de: 'Ein Inhalt aus dem Buch der radioaktiven Stoffe übernimmt Art, Nuklid und Verunreinigungen vom Posten.',
  },
  'container.holds_book_material': {
    code: 40978,
    type: 'Error',
    level: 'ERROR',
    en: 'The container holds material of the book: remove those contents first (the book records it).',
    de: 'Der Behälter enthält Stoffe aus dem Buch: zuerst diese Inhalte entfernen (das Buch hält es fest).',
  },
  'material.certificate_taken': {
    code: 40979,
    type: 'Error',
    level: 'ERROR',
    en: 'The certificate {document} is filed under the item {item} already.',
    de: 'Das Zertifikat {document} ist bereits beim Posten {item} abgelegt.',
  },
} as const satisfies Record<string, MessageDef>;

export type MessageKey = keyof typeof messages;

/** Detail lines (one per offending field or fact). */
export const details = {
  'detail.unknown_member': { en: '{field}: unknown member', de: '{field}: unbekanntes Feld' },
  'detail.repeated': { en: '{field}: is given more than once', de: '{field}: ist mehrfach angegeben' },
  'detail.unknown_parameter': {
    en: '{field}: is not a parameter of this route',
    de: '{field}: ist kein Parameter dieser Route',
  },
  'detail.read_only_member': { en: '{field}: read-only, ignored', de: '{field}: schreibgeschützt, ignoriert' },
  'detail.required': { en: '{field}: is required', de: '{field}: ist erforderlich' },
  'detail.not_null': { en: '{field}: must not be null', de: '{field}: darf nicht null sein' },
  'detail.type_string': { en: '{field}: must be a string', de: '{field}: muss eine Zeichenkette sein' },
  'detail.type_number': { en: '{field}: must be a number', de: '{field}: muss eine Zahl sein' },
  'detail.type_boolean': { en: '{field}: must be true or false', de: '{field}: muss true oder false sein' },
  'detail.enum': {
    en: '{field}: must be one of {requirement}',
    de: '{field}: muss einer der Werte {requirement} sein',
  },
  'detail.min_length': {
    en: '{field}: must have at least {requirement} character(s)',
    de: '{field}: muss mindestens {requirement} Zeichen haben',
  },
  'detail.max_length': {
    en: '{field}: must have at most {requirement} characters',
    de: '{field}: darf höchstens {requirement} Zeichen haben',
  },
  'detail.non_negative': {
    en: '{field}: must be a finite number, zero or more',
    de: '{field}: muss eine endliche Zahl größer oder gleich null sein',
  },
  'detail.number_range': {
    en: '{field}: must be 0 or lie in {requirement}, the range stored exactly',
    de: '{field}: muss 0 sein oder in {requirement} liegen, dem exakt gespeicherten Bereich',
  },
  'detail.unicode': {
    en: '{field}: must be well-formed Unicode (no lone surrogate)',
    de: '{field}: muss gültiges Unicode sein (kein einzelnes Surrogat)',
  },
  'detail.timestamp': {
    en: '{field}: must be a real UTC date and time as YYYY-MM-DD HH:MM:SS',
    de: '{field}: muss ein gültiges UTC-Datum mit Uhrzeit im Format YYYY-MM-DD HH:MM:SS sein',
  },
  'detail.identifier': {
    en: '{field}: must be an identifier of 1 to 36 letters, digits, hyphens or underscores',
    de: '{field}: muss eine Kennung aus 1 bis 36 Buchstaben, Ziffern, Binde- oder Unterstrichen sein',
  },
  'detail.page': { en: '{field}: must be a whole number, 1 or more', de: '{field}: muss eine ganze Zahl ab 1 sein' },
  'detail.filename': {
    en: '{field}: must not contain control characters, / or \\',
    de: '{field}: darf keine Steuerzeichen, / oder \\ enthalten',
  },
  'detail.required_when_solved': {
    en: '{field}: is required when State is SOLVED',
    de: '{field}: ist erforderlich, wenn State SOLVED ist',
  },
  'detail.end_before_start': {
    en: '{field}: must not lie before IncidentDateStart',
    de: '{field}: darf nicht vor IncidentDateStart liegen',
  },
  'detail.export_prefix': {
    en: '{field}: must be an export folder in the bucket, such as exports/{client}/{run}/',
    de: '{field}: muss ein Exportordner im Bucket sein, etwa exports/{client}/{run}/',
  },
  'detail.segments': {
    en: '{field}: must be a whole number from 1 to 1000',
    de: '{field}: muss eine ganze Zahl von 1 bis 1000 sein',
  },
  'detail.execution_id': {
    en: '{field}: must be an execution id as a start route answers it, such as regenerate-sequence-memory-{uuid}',
    de:
      '{field}: muss eine Ausführungs-ID sein, wie sie eine Start-Route liefert, etwa ' +
      'regenerate-sequence-memory-{uuid}',
  },
  'detail.required_with': {
    en: '{field}: is required when {other} is given',
    de: '{field}: ist erforderlich, wenn {other} angegeben ist',
  },
  'detail.positive': { en: '{field}: must be greater than 0', de: '{field}: muss größer als 0 sein' },
  'detail.max_items': {
    en: '{field}: must hold at most {requirement} items',
    de: '{field}: darf höchstens {requirement} Einträge enthalten',
  },
  'detail.fraction': {
    en: '{field}: must be a number greater than 0 and less than 1',
    de: '{field}: muss eine Zahl größer als 0 und kleiner als 1 sein',
  },
  'detail.future': {
    en: "{field}: lies more than {minutes} minutes after the server's time (timestamps are UTC)",
    de: '{field}: liegt mehr als {minutes} Minuten nach der Serverzeit (Zeitangaben sind UTC)',
  },
  'detail.released_by_caller': {
    en: '{field}: must be the caller, who releases the container',
    de: '{field}: muss der Aufrufer sein, der den Behälter freigibt',
  },
  'detail.set_by_release': {
    en: '{field}: is set by the release, not by an update',
    de: '{field}: wird von der Freigabe gesetzt, nicht von einer Änderung',
  },
  'detail.sum_of_ratios': {
    en: 'Sum of ratios ({type}): {sum}; cleared at 1 or below',
    de: 'Summe der Verhältniszahlen ({type}): {sum}; freigebbar bei höchstens 1',
  },
  'detail.surface_sum_of_ratios': {
    en: 'Sum of ratios of the surface contamination ({type}): {sum}; cleared at 1 or below',
    de: 'Summe der Verhältniszahlen der Oberflächenkontamination ({type}): {sum}; freigebbar bei höchstens 1',
  },
  'detail.decision_measurement': {
    en: 'Decision measurement of {at}: sum of ratios now {sum}; detection limits low enough: {limits}',
    de: 'Entscheidungsmessung vom {at}: Summe der Verhältniszahlen jetzt {sum}; Nachweisgrenzen ausreichend: {limits}',
  },
  'detail.missing_input': {
    en: '{field}: missing or unusable, so the assessment cannot be made',
    de: '{field}: fehlt oder ist unbrauchbar, daher ist keine Bewertung möglich',
  },
  'detail.prediction': { en: 'Release date: {remark}', de: 'Freigabedatum: {remark}' },
  'detail.year': { en: '{field}: must be a year, 0001 to 9999', de: '{field}: muss ein Jahr sein, 0001 bis 9999' },
  'detail.body_object': { en: 'The body must be a JSON object', de: 'Der Inhalt muss ein JSON-Objekt sein' },
  'detail.field': { en: '{field}', de: '{field}' },
  'detail.if_match': {
    en: 'If-Match: {value} does not match the current ETag',
    de: 'If-Match: {value} passt nicht zum aktuellen ETag',
  },
  'detail.idempotency_key': {
    en: '{field}: must be 1 to 128 letters, digits or _ . : -',
    de: '{field}: muss aus 1 bis 128 Buchstaben, Ziffern oder _ . : - bestehen',
  },
  'detail.retry_after': {
    en: 'Try again in {seconds} s; nothing was written.',
    de: 'In {seconds} s erneut versuchen; es wurde nichts geschrieben.',
  },
  'detail.request_id': { en: 'Request id: {requestId}', de: 'Anfrage-Kennung: {requestId}' },
  'detail.notice_not_in_force': {
    en: 'The clearance notice is in force from {from} to {until}, not at {at}',
    de: 'Der Freigabebescheid gilt von {from} bis {until}, nicht am {at}',
  },
  'detail.notice_type': {
    en: 'The clearance notice permits {types}, not {type}',
    de: 'Der Freigabebescheid erlaubt {types}, nicht {type}',
  },
  'detail.notice_form': {
    en: 'The clearance notice covers the waste forms {forms}, not {form}',
    de: 'Der Freigabebescheid umfasst die Abfallformen {forms}, nicht {form}',
  },
  // clearance notices, instruments, decision measurements
  'detail.object_members': {
    en: '{field}: must be an object holding only the documented members',
    de: '{field}: muss ein Objekt nur mit den dokumentierten Feldern sein',
  },
  'detail.min_items': {
    en: '{field}: must hold at least {requirement} item(s)',
    de: '{field}: muss mindestens {requirement} Eintrag/Einträge enthalten',
  },
  'detail.at_most': { en: '{field}: must be at most {requirement}', de: '{field}: darf höchstens {requirement} sein' },
  'detail.no_repeats': {
    en: '{field}: must not name a value twice',
    de: '{field}: darf keinen Wert zweimal nennen',
  },
  'detail.not_before': {
    en: '{field}: must not lie before {other}',
    de: '{field}: darf nicht vor {other} liegen',
  },
  'detail.after': { en: '{field}: must lie after {other}', de: '{field}: muss nach {other} liegen' },
  'detail.limits_without_individual': {
    en: '{field}: limits are set for a release in the individual case only (ReleaseTypes holds no INDIVIDUAL)',
    de: '{field}: Werte gibt es nur für die Freigabe im Einzelfall (ReleaseTypes enthält kein INDIVIDUAL)',
  },
  'detail.limits_required': {
    en: '{field}: a notice for the individual case (INDIVIDUAL) sets at least one limit',
    de: '{field}: ein Bescheid für den Einzelfall (INDIVIDUAL) legt mindestens einen Wert fest',
  },
  'detail.document_not_found': {
    en: '{field}: no document {uuid} in this facility',
    de: '{field}: kein Dokument {uuid} in dieser Einrichtung',
  },
  'detail.frozen_when_cited': {
    en: '{field}: cannot change once a release cites the notice',
    de: '{field}: kann nicht mehr geändert werden, sobald eine Freigabe sich auf den Bescheid beruft',
  },
  'detail.valid_until_cited': {
    en: '{field}: a cited notice can only be closed, at or after its last citation {at}, never reopened',
    de:
      '{field}: ein zitierter Bescheid kann nur beendet werden, frühestens mit seiner letzten Zitierung {at}, nie ' +
      'wieder geöffnet',
  },
  'detail.probe_area': {
    en: '{field}: a SURFACE calibration names the probe area (> 0 cm²); other geometries none (null)',
    de: '{field}: eine SURFACE-Kalibrierung nennt die Sondenfläche (> 0 cm²); andere Geometrien keine (null)',
  },
  'detail.one_probe_area': {
    en: '{field}: the SURFACE calibrations of one instrument name one probe area',
    de: '{field}: die SURFACE-Kalibrierungen eines Messgeräts nennen eine Sondenfläche',
  },
  'detail.efficiency': {
    en: '{field}: must be greater than 0 and at most 1 (counts per second per Bq)',
    de: '{field}: muss größer als 0 und höchstens 1 sein (Impulse pro Sekunde je Bq)',
  },
  'detail.rel_uncertainty': {
    en: '{field}: must be a relative uncertainty of at least 0 and less than 0.5',
    de: '{field}: muss eine relative Unsicherheit von mindestens 0 und unter 0,5 sein',
  },
  'detail.whole_number_range': {
    en: '{field}: must be a whole number from {requirement}',
    de: '{field}: muss eine ganze Zahl von {requirement} sein',
  },
  'detail.one_of_members': {
    en: '{field}: give either Surface or NoFixedSurfaceReason, not both',
    de: '{field}: entweder Surface oder NoFixedSurfaceReason angeben, nicht beides',
  },
  'detail.averaging_area_below_probe': {
    en: '{field}: {area} cm² is less than the probe area of {probe} cm²',
    de: '{field}: {area} cm² ist kleiner als die Sondenfläche von {probe} cm²',
  },
  'detail.calibration_not_yet_valid': {
    en: 'Calibration valid only from {from}',
    de: 'Kalibrierung erst ab {from} gültig',
  },
  'detail.calibration_due': { en: 'Calibration due since {since}', de: 'Kalibrierung fällig seit {since}' },
  'detail.no_function_check': {
    en: 'No function check before {at}',
    de: 'Keine Funktionsprüfung vor {at}',
  },
  'detail.function_check_failed': {
    en: 'The last function check ({at}) failed',
    de: 'Die letzte Funktionsprüfung ({at}) ist fehlgeschlagen',
  },
  'detail.function_check_expired': {
    en: 'The last function check ({at}) is older than its interval of {days} days',
    de: 'Die letzte Funktionsprüfung ({at}) ist älter als ihr Intervall von {days} Tagen',
  },
  'detail.calibration_missing': {
    en: 'No calibration for geometry {geometry} and nuclide {nuclide}',
    de: 'Keine Kalibrierung für Geometrie {geometry} und Nuklid {nuclide}',
  },
  'detail.measurement_input': {
    en:
      '{field}: missing (a decision measurement is evaluated per g of Weight, split into the nuclides of the ' +
      'contents)',
    de:
      '{field}: fehlt (eine Entscheidungsmessung wird je g Weight ausgewertet und auf die Nuklide der Inhalte ' +
      'aufgeteilt)',
  },
  'detail.figures_out_of_range': {
    en:
      '{field}: the computed figures leave the range stored exactly; check the counts, times, efficiencies and ' +
      'Weight',
    de:
      '{field}: die berechneten Werte verlassen den exakt gespeicherten Bereich; Zählungen, Zeiten, Effizienzen ' +
      'und Weight prüfen',
  },
  'detail.plant_required': {
    en: '{field}: the notice permits {route}: name at least one plant of it',
    de: '{field}: der Bescheid erlaubt {route}: mindestens eine Anlage dafür nennen',
  },
  'detail.plant_without_route': {
    en: '{field}: names a plant of {route}, which ReleaseTypes does not permit',
    de: '{field}: nennt eine Anlage für {route}, das ReleaseTypes nicht erlaubt',
  },
  'detail.plants': {
    en: 'Plants of {type} in the notice: {plants}',
    de: 'Anlagen für {type} im Bescheid: {plants}',
  },
  'detail.plant_for_disposal': {
    en: '{field}: names the plant of a release for disposal (SPECIFIC_LANDFILL, SPECIFIC_INCINERATION) only',
    de: '{field}: nennt nur bei einer Freigabe zur Beseitigung (SPECIFIC_LANDFILL, SPECIFIC_INCINERATION) die Anlage',
  },
  'detail.impurities_unknown': {
    en: 'Content {content} ({nuclide}): Impurities not entered; its certificate is asked for {impurities}',
    de: 'Inhalt {content} ({nuclide}): Impurities nicht angegeben; das Zertifikat ist nach {impurities} zu fragen',
  },
  'detail.impurities_justification': {
    en:
      '{field}: required when Impurities is [] for {nuclide}, which brings {impurities}: why none are expected ' +
      '(e.g. a spectrometry that found none), at least 10 characters',
    de:
      '{field}: erforderlich, wenn Impurities für {nuclide} [] ist, das {impurities} mitbringt: warum keine zu ' +
      'erwarten sind (z. B. eine Spektrometrie, die keine fand), mindestens 10 Zeichen',
  },
  'detail.only_with_no_impurities': {
    en: '{field}: states why there are none, so only with Impurities []',
    de: '{field}: begründet, warum es keine gibt, daher nur mit Impurities []',
  },
  'detail.implausible_below': {
    en: 'Measured {factor} times below the prediction; more than {limit} times is implausible',
    de: 'Gemessen {factor}-mal unter der Vorhersage; mehr als {limit}-mal ist unplausibel',
  },
  'detail.implausible_above': {
    en: 'Measured above the prediction beyond its uncertainty: {measured} − {k} × {uncertainty} > {predicted}',
    de: 'Über der Vorhersage jenseits der Messunsicherheit: {measured} − {k} × {uncertainty} > {predicted}',
  },
  /** Added to a message whose details are cut to the first MAX_DETAILS (shared/i18n/translate.ts). */
  'detail.listed': {
    en: '{total} problems; the details list the first {shown}.',
    de: '{total} Probleme; die Details nennen die ersten {shown}.',
  },
  // the book of radioactive material
  'detail.frozen_when_booked': {
    en: '{field}: cannot change once a booking was checked against the licence',
    de: '{field}: kann nicht mehr geändert werden, sobald eine Buchung gegen die Genehmigung geprüft wurde',
  },
  'detail.licence_exceeded': {
    en: '{nuclide}: {stock} Bq held and {incoming} Bq coming in exceed the limit of {limit} Bq',
    de: '{nuclide}: {stock} Bq im Bestand und {incoming} Bq im Zugang überschreiten die Grenze von {limit} Bq',
  },
  'detail.licence_sum': {
    en: 'The sum over nuclides of stock over limit would be {sum}, above 1 (the licence’s sum rule)',
    de: 'Die Summe der Verhältnisse Bestand zu Grenze wäre {sum}, über 1 (Summenregel der Genehmigung)',
  },
  'detail.generator_nuclide': {
    en: '{field}: a generator holds a parent nuclide whose daughter is eluted: {nuclides}',
    de: '{field}: ein Generator enthält ein Mutternuklid, dessen Tochter eluiert wird: {nuclides}',
  },
  'detail.certificate_scope': {
    en: '{field}: the document {uuid} lies in scope {scope}; a certificate of this item belongs in {expected}',
    de: '{field}: das Dokument {uuid} liegt im Bereich {scope}; ein Zertifikat dieses Postens gehört nach {expected}',
  },
  'detail.container_not_found': {
    en: '{field}: no waste container {uuid} in this facility',
    de: '{field}: kein Abfallbehälter {uuid} in dieser Einrichtung',
  },
  'detail.activity_range': {
    en: '{field}: must be more than 0 and less than 10^15 Bq',
    de: '{field}: muss größer als 0 und kleiner als 10^15 Bq sein',
  },
  'detail.month': {
    en: '{field}: must be a calendar month YYYY-MM',
    de: '{field}: muss ein Kalendermonat JJJJ-MM sein',
  },
  'detail.year_not_ended': {
    en: '{field}: the year {year} has not ended where the facility is',
    de: '{field}: das Jahr {year} ist am Ort der Einrichtung noch nicht zu Ende',
  },
  'detail.time_zone': {
    en: '{field}: must be an IANA time zone (e.g. America/Chicago)',
    de: '{field}: muss eine IANA-Zeitzone sein (z. B. Europe/Berlin)',
  },
  'detail.no_shielding': {
    en: '{field}: must be true: the survey is taken with no shielding interposed (10 CFR 35.92(a)(1))',
    de: '{field}: muss true sein: die Messung erfolgt ohne Abschirmung dazwischen (10 CFR 35.92(a)(1))',
  },
  'detail.contents_required': {
    en: 'Contents: none entered; decay-in-storage needs each nuclide and its half-life (at most {days} days)',
    de:
      'Contents: keine angegeben; die Abklinglagerung braucht jedes Nuklid und seine Halbwertszeit (höchstens ' +
      '{days} Tage)',
  },
  'detail.half_life_unknown': {
    en: 'Content {content}: the half-life of {nuclide} is not known',
    de: 'Inhalt {content}: die Halbwertszeit von {nuclide} ist nicht bekannt',
  },
  'detail.half_life_too_long': {
    en: 'Content {content}: {nuclide} has a half-life of {days} days, more than {limit}',
    de: 'Inhalt {content}: {nuclide} hat eine Halbwertszeit von {days} Tagen, mehr als {limit}',
  },
  'detail.member_differs': {
    en: '{field}: the item has {expected}, not {given}',
    de: '{field}: der Posten hat {expected}, nicht {given}',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type DetailKey = keyof typeof details;
export type Params = Record<string, string | number>;
