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
  'collection.truncated': {
    code: 30002,
    type: 'Warning',
    level: 'WARNING',
    en: 'Only the first {cap} of {total} items are listed; use the page operation for all of them.',
    de: 'Nur die ersten {cap} von {total} Einträgen werden aufgeführt; alle liefert die Seitenabfrage.',
  },
  'release.clearance_not_reached': {
    code: 30003,
    type: 'Warning',
    level: 'WARNING',
    en:
      'Released on the Justification of the radiation protection officer although the assessment does not clear ' +
      'the container ({reason}).',
    de:
      'Freigegeben auf die Begründung des Strahlenschutzbeauftragten, obwohl die Bewertung den Behälter nicht ' +
      'freigibt ({reason}).',
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
    en: 'The release assessment does not clear the container at this moment.',
    de: 'Die Freigabebewertung gibt den Behälter zu diesem Zeitpunkt nicht frei.',
  },
  'container.release_state': {
    code: 40913,
    type: 'Error',
    level: 'ERROR',
    en:
      'A container is released from RELEASE_DATE_REACHED, or with a Justification from DECAY or ' +
      'RELEASE_DATE_REACHED; this one is {state}.',
    de:
      'Ein Behälter wird aus RELEASE_DATE_REACHED freigegeben, mit einer Begründung auch aus DECAY oder ' +
      'RELEASE_DATE_REACHED; dieser ist {state}.',
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
    en: 'Sum of ratios (Spalte 3): {sum}; cleared at 1 or below',
    de: 'Summe der Verhältniszahlen (Spalte 3): {sum}; freigebbar bei höchstens 1',
  },
  'detail.surface_sum_of_ratios': {
    en: 'Sum of ratios of the surface contamination (Spalte 5): {sum}; cleared at 1 or below',
    de: 'Summe der Verhältniszahlen der Oberflächenkontamination (Spalte 5): {sum}; freigebbar bei höchstens 1',
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
  /** Added to a message whose details are cut to the first MAX_DETAILS (shared/i18n/translate.ts). */
  'detail.listed': {
    en: '{total} problems; the details list the first {shown}.',
    de: '{total} Probleme; die Details nennen die ersten {shown}.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type DetailKey = keyof typeof details;
export type Params = Record<string, string | number>;
