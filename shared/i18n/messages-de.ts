/**
 * The catalogue in German (shared/i18n/messages.ts holds each message's code, kind, level and English): bundled apart
 * (infra/bundling.ts LAZY_MODULES) and loaded by the first request that asks for German (`loadLanguage`,
 * shared/i18n/translate.ts), so no cold start compiles it. The types refuse a key missing here or one the catalogue
 * does not have.
 */
import type { DetailKey, MessageKey } from './messages';

export const germanMessages: Record<MessageKey, string> = {
  'container.created': 'Der Behälter wurde angelegt.',
  'container.updated': 'Der Behälter wurde geändert.',
  'container.deleted': 'Der Behälter wurde gelöscht.',
  'document.created': 'Das Dokument wurde angelegt; die Datei wird mit dem Upload-Formular hochgeladen.',
  'document.updated': 'Das Dokument wurde geändert.',
  'maintenance.created': 'Der Wartungsbucheintrag wurde angelegt.',
  'maintenance.updated': 'Der Wartungsbucheintrag wurde geändert.',
  'container.content_added': 'Der Inhalt wurde dem Behälter hinzugefügt.',
  'container.content_removed': 'Der Inhalt wurde aus dem Behälter entfernt.',
  'release.recorded': 'Der Behälter wurde freigegeben; sein Freigabeprotokoll ist als Dokument {document} archiviert.',
  'release.shares_assumed':
    'Die Inhalte haben keine Aktivitäten: Für jedes Nuklid wird die gesamte gemessene Aktivität angenommen ' +
    '(konservativ).',
  'release.date_predicted': 'ReleaseDateTime wurde auf das vorhergesagte Freigabedatum {date} gesetzt.',
  'release.date_repredicted': 'ReleaseDateTime wurde aus den geänderten Daten neu vorhergesagt: {date}.',
  'release.date_unpredictable':
    'Aus den geänderten Daten lässt sich kein Freigabedatum vorhersagen ({reason}): ReleaseDateTime wurde ' +
    'geleert.',
  'release.time_from_server':
    'ReleasedByRadiationProtectionOfficerDateTime ist der Zeitpunkt der Freigabe auf dem Server: {at} (UTC).',
  'release.not_predictable': 'Es lässt sich kein Freigabedatum vorhersagen: {reason}.',
  'operation.status': 'Die Ausführung {execution} von {operation} ist {status}.',
  'operation.started': 'Der Vorgang {operation} wurde als Ausführung {execution} gestartet.',
  'content.impurities_expected':
    'Ein Inhalt mit {nuclide} bringt langlebige Verunreinigungen ({impurities}) mit: solange Impurities nicht laut ' +
    'Zertifikat angegeben sind ([] nur durch Strahlenschutzbeauftragte mit ImpuritiesJustification), lässt sich ' +
    'kein Freigabedatum vorhersagen und der Behälter nicht freigeben.',
  'collection.truncated':
    'Nur die ersten {cap} von {total} Einträgen werden aufgeführt; alle liefert die Seitenabfrage.',
  'request.read_only_ignored': 'Schreibgeschützte Felder wurden ignoriert.',
  'request.invalid': 'Die Anfrage ist ungültig.',
  'request.malformed_json': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  'request.bad_request': 'Die Anfrage kann nicht verarbeitet werden.',
  'request.malformed_path': 'Der Pfad der Anfrage ist nicht gültig prozentkodiert.',
  'auth.token_missing': 'Ein Bearer-Token ist erforderlich.',
  'auth.token_invalid': 'Das Token ist ungültig.',
  'auth.token_expired': 'Das Token ist abgelaufen.',
  'auth.tenant_forbidden': 'Das Token erlaubt keinen Zugriff auf diesen Mandanten oder diese Einrichtung.',
  'auth.access_denied': 'Der Zugriff auf diese Daten wurde verweigert; es wurde nichts gelesen oder geschrieben.',
  'auth.role_required': 'Dieser Vorgang erfordert die Rolle {role}.',
  'container.rpo_fields_forbidden': 'Nur ein Strahlenschutzbeauftragter darf die Freigabefelder setzen oder ändern.',
  'route.not_found': 'Diesen Endpunkt gibt es nicht.',
  'container.not_found': 'Der Behälter wurde nicht gefunden.',
  'document.not_found': 'Das Dokument wurde nicht gefunden.',
  'maintenance.not_found': 'Der Wartungsbucheintrag wurde nicht gefunden.',
  'container.state_change_forbidden': 'Der Status kann nicht von {from} zu {to} wechseln.',
  'container.release_required': 'Der Status {to} erfordert eine Freigabe durch einen Strahlenschutzbeauftragten.',
  'container.delete_forbidden': 'Nur ein Behälter im Status OPEN kann gelöscht werden; dieser ist {state}.',
  'container.initial_state': 'Ein neuer Behälter beginnt im Status OPEN, nicht {state}.',
  'container.read_only': 'Der Behälter ist {state}, ein aufzubewahrender Datensatz: er kann nicht geändert werden.',
  'container.contents_locked': 'Der Inhalt eines Behälters ändert sich nur im Status OPEN; dieser ist {state}.',
  'container.content_duplicate': 'Der Behälter enthält den Inhalt {contentId} bereits.',
  'container.contents_full': 'Ein Behälter enthält höchstens {max} Inhalte.',
  'container.clearance_not_reached':
    'Die Freigabebewertung gibt den Behälter für {type} zu diesem Zeitpunkt nicht frei.',
  'container.release_state': 'Ein Behälter wird nur aus RELEASE_DATE_REACHED freigegeben; dieser ist {state}.',
  'container.release_date_too_early': 'ReleaseDateTime {date} liegt vor dem vorhergesagten Freigabedatum {predicted}.',
  'container.release_frozen':
    'Der Behälter wurde am {at} freigegeben: Messwerte, Inhalte und Freigabe bleiben, wie sie waren.',
  'container.already_released': 'Der Behälter wurde bereits am {at} freigegeben.',
  'container.dilution':
    'Nach dem Verschließen darf die Masse des Behälters nicht von {from} g auf {to} g erhöht werden: das ' +
    'verdünnte ihn (§ 34 StrlSchV). Ein Strahlenschutzbeauftragter kann sie mit einer Begründung berichtigen.',
  'container.labels_kept': 'LabelsRemoved bleibt true, sobald es gesetzt ist: die Kennzeichnungen wurden entfernt.',
  'settings.updated': 'Die Einstellungen der Einrichtung wurden geändert.',
  'survey.recorded': 'Die Messung wurde erfasst: der Behälter ist vom Untergrund nicht zu unterscheiden.',
  'settings.regime_locked':
    'Die Einrichtung arbeitet unter {from}: sie wechselt zu {to} nur, solange kein Behälter in DECAY oder ' +
    'später ist (Freigabedatum, Schwelle und Protokoll eines Behälters folgen der Regelung, unter der er ' +
    'verschlossen wurde).',
  'regime.not_applicable':
    '{member} gehört nicht zu einer Freigabe unter {regime} ({law}), der Regelung dieser Einrichtung.',
  'container.not_eligible':
    'Nur Stoffe mit einer physikalischen Halbwertszeit von höchstens 120 Tagen dürfen zum Abklingen gelagert ' +
    'werden (10 CFR 35.92(a)); der Behälter bleibt {state}.',
  'container.above_background':
    'Der Messwert an der Oberfläche {surface} ist vom Untergrund {background} zu unterscheiden: der Nettowert ' +
    '{net} liegt über seiner Erkennungsgrenze {threshold} (DIN ISO 11929-1, k = {k}). Der Behälter lagert ' +
    'weiter; es wurde nichts erfasst.',
  'container.survey_required':
    'Eine Beseitigung nach Abklinglagerung beruht auf einer Messung an der Behälteroberfläche auf Untergrundniveau ' +
    'seit DECAY ({since}) (10 CFR 35.92(a)(1)): zuerst POST .../survey.',
  'container.labels_on':
    'Die Strahlenkennzeichnungen werden vor der Beseitigung entfernt oder unkenntlich gemacht (10 CFR ' +
    '35.92(a)(3)): zuerst LabelsRemoved auf true setzen.',
  'container.held_for_decay':
    'Der Behälter lagert zum Abklingen bis {date} (zehn Halbwertszeiten seines langlebigsten Nuklids, 10 CFR ' +
    '35.92); dann erreicht er RELEASE_DATE_REACHED.',
  'container.survey_state':
    'Ein Behälter wird für seine Beseitigung in DECAY oder RELEASE_DATE_REACHED gemessen; dieser ist {state}.',
  'survey.instrument_kind':
    'Eine Messung zur Abklinglagerung erfolgt mit einem Survey Meter (10 CFR 35.92(a)(1)); das Gerät {instrument} ' +
    'ist ein {kind}.',
  'container.labels_before_release':
    'Radioaktive Abfälle bleiben gekennzeichnet (§ 91 Abs. 1 StrlSchV); die Kennzeichnungen werden nach der ' +
    'Freigabe entfernt (§ 93 Abs. 2 StrlSchV), und der Behälter ist nicht freigegeben.',
  'container.label_released':
    'Der Behälter wurde am {at} freigegeben: er enthält keine radioaktiven Abfälle mehr, seine Kennzeichnungen ' +
    'werden entfernt (§ 93 Abs. 2 StrlSchV); für ihn wird kein Etikett gedruckt.',
  'container.label_removed':
    'Die Kennzeichnungen des Behälters wurden vor seiner Beseitigung entfernt (LabelsRemoved, 10 CFR 35.92 ' +
    '(a)(3)): für ihn wird kein Etikett gedruckt.',
  'container.labels_not_removed':
    'DISPOSED gibt den Stoff als nicht radioaktiv weiter: zuvor sind die Strahlenzeichen zu entfernen ' +
    '(LabelsRemoved true, § 93 Abs. 2 StrlSchV).',
  'container.waste_form_required':
    'Eine Freigabe braucht die WasteForm des Behälters: die Werte einer Freigabeart gelten nur für manche Formen.',
  'container.waste_form_not_permitted':
    '{type} umfasst keine Abfälle der Form {form}; die Verordnung lässt {forms} zu (§ 36 Abs. 1 Nr. 3 und 4, ' +
    'Anlage 8 Teil B StrlSchV; alles andere im Einzelfall, § 37 Abs. 1).',
  'container.notice_not_applicable': 'Der Freigabebescheid {fileNumber} trägt diese Freigabe nicht.',
  'container.decision_measurement_required':
    'Eine Freigabe beruht auf einer Entscheidungsmessung seit dem letzten Eintritt in DECAY ({since}); es gibt ' +
    'keine (POST .../measurement).',
  'container.decision_measurement_stale':
    'Die Entscheidungsmessung vom {at} trägt keine Freigabe mehr: {reason}. Bitte erneut messen.',
  'container.detection_limit_too_high':
    'Die Nachweisgrenzen der Entscheidungsmessung vom {at} sind zu hoch, um die Einhaltung der Werte für {type} ' +
    'zu zeigen; länger oder mit einem besseren Gerät messen.',
  'container.disposal_mass_exceeded':
    'Diese Freigabe brächte die Freigaben nach {type} im Kalenderjahr {year} ({timeZone}) auf {total} kg; Spalte 8 ' +
    'und 9 gelten bis 100 Mg im Kalenderjahr (§ 36 Abs. 1 Nr. 3 Buchstabe c Doppelbuchstabe aa, Nr. 4 Buchstabe ' +
    'c Doppelbuchstabe aa StrlSchV).',
  'container.release_notice_ambiguous':
    'IsReleasedByRadiationProtectionOfficer gibt uneingeschränkt frei, gestützt auf den einen Freigabebescheid der ' +
    'Einrichtung, der das erlaubt; die Einrichtung hat {count}. Bitte POST .../release mit ClearanceNoticeUuid.',
  'document.kept_record': 'Das Dokument ist ein Freigabeprotokoll und wird bis {until} unverändert aufbewahrt.',
  'operation.execution_not_found': 'Diese Ausführung eines Wartungsvorgangs gibt es nicht.',
  'container.content_not_found': 'Der Behälter enthält diesen Inhalt nicht.',
  'request.concurrent_update': 'Das Element wurde gleichzeitig von anderen Anfragen geändert; bitte erneut versuchen.',
  'request.method_not_allowed': 'Diese Methode ist hier nicht erlaubt.',
  'request.not_acceptable': 'Keiner der Medientypen in Accept kann geliefert werden; dieser Vorgang liefert {types}.',
  'register.truncated':
    'Nur die ersten {cap} der {total} Freigaben des Jahres werden aufgeführt; die Zusammenfassung zählt alle.',
  'request.precondition_failed': 'Das Element wurde seit dem Laden geändert (If-Match passt nicht zum ETag).',
  'request.too_large': 'Der Inhalt der Anfrage ist größer als {max} Bytes.',
  'request.headers_too_large': 'Die Kopfzeilen der Anfrage sind zu groß.',
  'request.unsupported_media_type': 'Der Inhalt der Anfrage muss JSON sein (Content-Type: application/json).',
  'idempotency.key_reused':
    'Dieser Idempotency-Key wurde mit einem anderen Inhalt verwendet; für eine neue Anfrage einen neuen Schlüssel ' +
    'verwenden.',
  'idempotency.in_progress':
    'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet; bitte gleich erneut versuchen.',
  'request.throttled': 'Zu viele Anfragen; bitte gleich erneut versuchen.',
  'server.error': 'Etwas ist schiefgelaufen. Bitte später erneut versuchen.',
  'server.deadline':
    'Die Anfrage hatte keine Zeit mehr, bevor etwas geschrieben wurde; es wurde nichts gespeichert. Bitte erneut ' +
    'versuchen.',
  'server.unavailable': 'Der Dienst ist vorübergehend nicht verfügbar.',
  'clearance_notice.created': 'Der Freigabebescheid wurde erfasst.',
  'clearance_notice.updated': 'Der Freigabebescheid wurde geändert.',
  'instrument.created': 'Das Messgerät wurde erfasst.',
  'instrument.updated': 'Das Messgerät wurde geändert.',
  'instrument.check_recorded': 'Die Funktionsprüfung wurde erfasst.',
  'measurement.recorded': 'Die Entscheidungsmessung wurde erfasst.',
  'instrument.not_usable_now': 'Das Messgerät ist derzeit nicht einsetzbar.',
  'measurement.shares_assumed':
    'Die Inhalte haben keine Aktivitäten: Die niedrigste Effizienz ihrer Nuklide wurde verwendet, und für jedes ' +
    'Nuklid wird die gesamte gemessene Aktivität angenommen (konservativ).',
  'listing.truncated': 'Nur die ersten {cap} von {total} Einträgen werden aufgeführt.',
  'container.impurities_unknown':
    'Für Inhalte, deren Nuklid langlebige Verunreinigungen mitbringt, sind keine angegeben: der Behälter lässt ' +
    'sich nicht bewerten und seine Entscheidungsmessung nicht auf die Nuklide aufteilen, bis ihre Impurities ' +
    'angegeben sind (laut Zertifikat; [] nur durch Strahlenschutzbeauftragte mit ImpuritiesJustification).',
  'container.averaging_mass':
    'Der Behälter wiegt {mass} kg, mehr als die Mittelungsmasse von {limit} kg (Anlage 8 Teil A Nr. 1 c StrlSchV: ' +
    '„darf 300 kg nicht wesentlich überschreiten“, sofern der Freigabebescheid keine MaxAveragingMassKg festlegt): ' +
    'in Teilmassen freigeben.',
  'container.disposal_plant':
    'Der Freigabebescheid {fileNumber} nennt keine Anlage „{plant}“ für {type}: eine Freigabe zur Beseitigung geht ' +
    'an eine Anlage, deren Annahmeerklärung des Betreibers dem Bescheid zugrunde liegt (§ 40 Abs. 2 StrlSchV).',
  'measurement.instrument_unfit':
    'Das Messgerät {instrument} ({kind}) ist für eine Entscheidungsmessung in der Geometrie {geometry} nicht ' +
    'geeignet (§ 90 Abs. 4 StrlSchV: geeignete Strahlungsmessgeräte); ein {kind} misst {geometries}.',
  'measurement.implausible':
    'Die Entscheidungsmessung vom {at} widerspricht der Vorhersage aus den angegebenen Inhalten: Summe der ' +
    'Verhältniszahlen {measured} gemessen, {predicted} vorhergesagt ({type}). Erneut messen, oder ' +
    'Strahlenschutzbeauftragte halten die Ursache (DiscrepancyCause) mit der Freigabe fest.',
  'clearance_notice.not_found': 'Der Freigabebescheid wurde nicht gefunden.',
  'instrument.not_found': 'Das Messgerät wurde nicht gefunden.',
  'clearance_notice.cited':
    'Eine Freigabe beruft sich auf diesen Freigabebescheid: Freigabearten, Abfallformen, Werte und Daten bleiben, ' +
    'wie sie waren; er kann nur mit ValidUntil beendet werden.',
  'container.measurement_state':
    'Eine Entscheidungsmessung erfolgt in DECAY oder RELEASE_DATE_REACHED; dieser Behälter ist {state}.',
  'container.measurement_before_decay':
    'MeasuredAt {at} liegt vor dem Verschließen des Behälters zum Abklingen ({since}): die Messung muss danach ' +
    'erfolgen.',
  'container.measurement_inputs': 'Dem Behälter fehlt, womit eine Entscheidungsmessung ausgewertet wird.',
  'instrument.not_usable': 'Das Messgerät {instrument} war am {at} nicht einsetzbar.',
  'instrument.not_calibrated': 'Das Messgerät {instrument} ist für den Inhalt des Behälters nicht kalibriert.',
  'licence.created': 'Die Genehmigung wurde erfasst.',
  'licence.updated': 'Die Genehmigung wurde geändert.',
  'material.received': 'Der Zugang wurde im Buch der radioaktiven Stoffe gebucht.',
  'material.eluted': 'Die Elution wurde gebucht: ihr Eluat ist ein neuer Posten.',
  'material.moved': 'Der Verbleib wurde im Buch der radioaktiven Stoffe gebucht.',
  'material.dry_run': 'Probelauf: gegen die geltende Genehmigung geprüft; nichts wurde gebucht.',
  'material.impurities_expected':
    'Ein Posten {nuclide} bringt langlebige Verunreinigungen ({impurities}) mit: sein Zertifikat nennt hier keine, ' +
    'ein Behälter mit ihm kann nicht freigegeben werden, bis sie bekannt sind.',
  'content.not_in_book':
    'Der Inhalt {contentId} nennt keinen Posten des Buchs der radioaktiven Stoffe: er bleibt wie eingegeben und ' +
    'zählt nicht zum Bestand.',
  'material.booked_above_licence':
    'Über der Genehmigung gebucht, wie der/die Strahlenschutzbeauftragte erklärt: der Posten ist gekennzeichnet ' +
    'und im Monatsbericht aufgeführt.',
  'material.booked_without_licence':
    'Ohne geltende Genehmigung am {at} gebucht, wie der/die Strahlenschutzbeauftragte erklärt: der Posten ist ' +
    'gekennzeichnet.',
  'licence.not_found': 'Keine Genehmigung mit dieser Kennung in dieser Einrichtung.',
  'material.not_found': 'Kein Posten des Buchs der radioaktiven Stoffe mit dieser Kennung in dieser Einrichtung.',
  'licence.booked':
    'Eine Buchung wurde gegen diese Genehmigung geprüft: ihre Grenzen und Daten bleiben, wie sie waren.',
  'licence.exceeded': 'Die Buchung brächte den Bestand über die geltende Genehmigung (StrlSchG § 12 Abs. 1 Nr. 3).',
  'licence.none': 'Am {at} gilt keine Genehmigung der Einrichtung: zuerst erfassen.',
  'material.overdrawn': 'Der Verbleib von {activity} Bq übersteigt, was vom Posten am {at} übrig ist: {remainder} Bq.',
  'material.used_up': 'Vom Posten ist nichts mehr im Lager.',
  'material.movements_full': 'Der Posten hat die meisten Buchungen, die er fassen kann ({max}).',
  'material.not_generator': 'Eluiert wird nur ein Generator; dieser Posten ist ein {kind}.',
  'material.member_differs':
    'Ein Inhalt aus dem Buch der radioaktiven Stoffe übernimmt Art, Nuklid und Verunreinigungen vom Posten.',
  'container.holds_book_material':
    'Der Behälter enthält Stoffe aus dem Buch: zuerst diese Inhalte entfernen (das Buch hält es fest).',
  'material.certificate_taken': 'Das Zertifikat {document} ist bereits beim Posten {item} abgelegt.',
};

export const germanDetails: Record<DetailKey, string> = {
  'detail.unknown_member': '{field}: unbekanntes Feld',
  'detail.repeated': '{field}: ist mehrfach angegeben',
  'detail.unknown_parameter': '{field}: ist kein Parameter dieser Route',
  'detail.read_only_member': '{field}: schreibgeschützt, ignoriert',
  'detail.required': '{field}: ist erforderlich',
  'detail.not_null': '{field}: darf nicht null sein',
  'detail.type_string': '{field}: muss eine Zeichenkette sein',
  'detail.type_number': '{field}: muss eine Zahl sein',
  'detail.type_boolean': '{field}: muss true oder false sein',
  'detail.enum': '{field}: muss einer der Werte {requirement} sein',
  'detail.min_length': '{field}: muss mindestens {requirement} Zeichen haben',
  'detail.max_length': '{field}: darf höchstens {requirement} Zeichen haben',
  'detail.non_negative': '{field}: muss eine endliche Zahl größer oder gleich null sein',
  'detail.number_range': '{field}: muss 0 sein oder in {requirement} liegen, dem exakt gespeicherten Bereich',
  'detail.unicode': '{field}: muss gültiges Unicode sein (kein einzelnes Surrogat)',
  'detail.timestamp': '{field}: muss ein gültiges UTC-Datum mit Uhrzeit im Format YYYY-MM-DD HH:MM:SS sein',
  'detail.identifier': '{field}: muss eine Kennung aus 1 bis 36 Buchstaben, Ziffern, Binde- oder Unterstrichen sein',
  'detail.page': '{field}: muss eine ganze Zahl ab 1 sein',
  'detail.filename': '{field}: darf keine Steuerzeichen, / oder \\ enthalten',
  'detail.required_when_solved': '{field}: ist erforderlich, wenn State SOLVED ist',
  'detail.end_before_start': '{field}: darf nicht vor IncidentDateStart liegen',
  'detail.export_prefix': '{field}: muss ein Exportordner im Bucket sein, etwa exports/{client}/{run}/',
  'detail.segments': '{field}: muss eine ganze Zahl von 1 bis 1000 sein',
  'detail.execution_id':
    '{field}: muss eine Ausführungs-ID sein, wie sie eine Start-Route liefert, etwa ' +
    'regenerate-sequence-memory-{uuid}',
  'detail.required_with': '{field}: ist erforderlich, wenn {other} angegeben ist',
  'detail.positive': '{field}: muss größer als 0 sein',
  'detail.max_items': '{field}: darf höchstens {requirement} Einträge enthalten',
  'detail.fraction': '{field}: muss eine Zahl größer als 0 und kleiner als 1 sein',
  'detail.future': '{field}: liegt mehr als {minutes} Minuten nach der Serverzeit (Zeitangaben sind UTC)',
  'detail.released_by_caller': '{field}: muss der Aufrufer sein, der den Behälter freigibt',
  'detail.set_by_release': '{field}: wird von der Freigabe gesetzt, nicht von einer Änderung',
  'detail.sum_of_ratios': 'Summe der Verhältniszahlen ({type}): {sum}; freigebbar bei höchstens 1',
  'detail.surface_sum_of_ratios':
    'Summe der Verhältniszahlen der Oberflächenkontamination ({type}): {sum}; freigebbar bei höchstens 1',
  'detail.decision_measurement':
    'Entscheidungsmessung vom {at}: Summe der Verhältniszahlen jetzt {sum}; Nachweisgrenzen ausreichend: {limits}',
  'detail.missing_input': '{field}: fehlt oder ist unbrauchbar, daher ist keine Bewertung möglich',
  'detail.prediction': 'Freigabedatum: {remark}',
  'detail.year': '{field}: muss ein Jahr sein, 0001 bis 9999',
  'detail.body_object': 'Der Inhalt muss ein JSON-Objekt sein',
  'detail.field': '{field}',
  'detail.if_match': 'If-Match: {value} passt nicht zum aktuellen ETag',
  'detail.idempotency_key': '{field}: muss aus 1 bis 128 Buchstaben, Ziffern oder _ . : - bestehen',
  'detail.retry_after': 'In {seconds} s erneut versuchen; es wurde nichts geschrieben.',
  'detail.request_id': 'Anfrage-Kennung: {requestId}',
  'detail.notice_not_in_force': 'Der Freigabebescheid gilt von {from} bis {until}, nicht am {at}',
  'detail.notice_type': 'Der Freigabebescheid erlaubt {types}, nicht {type}',
  'detail.notice_form': 'Der Freigabebescheid umfasst die Abfallformen {forms}, nicht {form}',
  'detail.object_members': '{field}: muss ein Objekt nur mit den dokumentierten Feldern sein',
  'detail.min_items': '{field}: muss mindestens {requirement} Eintrag/Einträge enthalten',
  'detail.at_most': '{field}: darf höchstens {requirement} sein',
  'detail.no_repeats': '{field}: darf keinen Wert zweimal nennen',
  'detail.not_before': '{field}: darf nicht vor {other} liegen',
  'detail.after': '{field}: muss nach {other} liegen',
  'detail.limits_without_individual':
    '{field}: Werte gibt es nur für die Freigabe im Einzelfall (ReleaseTypes enthält kein INDIVIDUAL)',
  'detail.limits_required': '{field}: ein Bescheid für den Einzelfall (INDIVIDUAL) legt mindestens einen Wert fest',
  'detail.document_not_found': '{field}: kein Dokument {uuid} in dieser Einrichtung',
  'detail.frozen_when_cited':
    '{field}: kann nicht mehr geändert werden, sobald eine Freigabe sich auf den Bescheid beruft',
  'detail.valid_until_cited':
    '{field}: ein zitierter Bescheid kann nur beendet werden, frühestens mit seiner letzten Zitierung {at}, nie ' +
    'wieder geöffnet',
  'detail.probe_area':
    '{field}: eine SURFACE-Kalibrierung nennt die Sondenfläche (> 0 cm²); andere Geometrien keine (null)',
  'detail.one_probe_area': '{field}: die SURFACE-Kalibrierungen eines Messgeräts nennen eine Sondenfläche',
  'detail.efficiency': '{field}: muss größer als 0 und höchstens 1 sein (Impulse pro Sekunde je Bq)',
  'detail.rel_uncertainty': '{field}: muss eine relative Unsicherheit von mindestens 0 und unter 0,5 sein',
  'detail.whole_number_range': '{field}: muss eine ganze Zahl von {requirement} sein',
  'detail.one_of_members': '{field}: entweder Surface oder NoFixedSurfaceReason angeben, nicht beides',
  'detail.averaging_area_below_probe': '{field}: {area} cm² ist kleiner als die Sondenfläche von {probe} cm²',
  'detail.calibration_not_yet_valid': 'Kalibrierung erst ab {from} gültig',
  'detail.calibration_due': 'Kalibrierung fällig seit {since}',
  'detail.no_function_check': 'Keine Funktionsprüfung vor {at}',
  'detail.function_check_failed': 'Die letzte Funktionsprüfung ({at}) ist fehlgeschlagen',
  'detail.function_check_expired': 'Die letzte Funktionsprüfung ({at}) ist älter als ihr Intervall von {days} Tagen',
  'detail.calibration_missing': 'Keine Kalibrierung für Geometrie {geometry} und Nuklid {nuclide}',
  'detail.measurement_input':
    '{field}: fehlt (eine Entscheidungsmessung wird je g Weight ausgewertet und auf die Nuklide der Inhalte ' +
    'aufgeteilt)',
  'detail.figures_out_of_range':
    '{field}: die berechneten Werte verlassen den exakt gespeicherten Bereich; Zählungen, Zeiten, Effizienzen ' +
    'und Weight prüfen',
  'detail.plant_required': '{field}: der Bescheid erlaubt {route}: mindestens eine Anlage dafür nennen',
  'detail.plant_without_route': '{field}: nennt eine Anlage für {route}, das ReleaseTypes nicht erlaubt',
  'detail.plants': 'Anlagen für {type} im Bescheid: {plants}',
  'detail.plant_for_disposal':
    '{field}: nennt nur bei einer Freigabe zur Beseitigung (SPECIFIC_LANDFILL, SPECIFIC_INCINERATION) die Anlage',
  'detail.impurities_unknown':
    'Inhalt {content} ({nuclide}): Impurities nicht angegeben; das Zertifikat ist nach {impurities} zu fragen',
  'detail.impurities_justification':
    '{field}: erforderlich, wenn Impurities für {nuclide} [] ist, das {impurities} mitbringt: warum keine zu ' +
    'erwarten sind (z. B. eine Spektrometrie, die keine fand), mindestens 10 Zeichen',
  'detail.only_with_no_impurities': '{field}: begründet, warum es keine gibt, daher nur mit Impurities []',
  'detail.implausible_below': 'Gemessen {factor}-mal unter der Vorhersage; mehr als {limit}-mal ist unplausibel',
  'detail.implausible_above':
    'Über der Vorhersage jenseits der Messunsicherheit: {measured} − {k} × {uncertainty} > {predicted}',
  'detail.listed': '{total} Probleme; die Details nennen die ersten {shown}.',
  'detail.frozen_when_booked':
    '{field}: kann nicht mehr geändert werden, sobald eine Buchung gegen die Genehmigung geprüft wurde',
  'detail.licence_exceeded':
    '{nuclide}: {stock} Bq im Bestand und {incoming} Bq im Zugang überschreiten die Grenze von {limit} Bq',
  'detail.licence_sum': 'Die Summe der Verhältnisse Bestand zu Grenze wäre {sum}, über 1 (Summenregel der Genehmigung)',
  'detail.generator_nuclide':
    '{field}: ein Generator enthält ein Mutternuklid, dessen Tochter eluiert wird: {nuclides}',
  'detail.certificate_scope':
    '{field}: das Dokument {uuid} liegt im Bereich {scope}; ein Zertifikat dieses Postens gehört nach {expected}',
  'detail.container_not_found': '{field}: kein Abfallbehälter {uuid} in dieser Einrichtung',
  'detail.activity_range': '{field}: muss größer als 0 und kleiner als 10^15 Bq sein',
  'detail.month': '{field}: muss ein Kalendermonat JJJJ-MM sein',
  'detail.year_not_ended': '{field}: das Jahr {year} ist am Ort der Einrichtung noch nicht zu Ende',
  'detail.time_zone': '{field}: muss eine IANA-Zeitzone sein (z. B. Europe/Berlin)',
  'detail.no_shielding':
    '{field}: muss true sein: die Messung erfolgt ohne Abschirmung dazwischen (10 CFR 35.92(a)(1))',
  'detail.contents_required':
    'Contents: keine angegeben; die Abklinglagerung braucht jedes Nuklid und seine Halbwertszeit (höchstens ' +
    '{days} Tage)',
  'detail.half_life_unknown': 'Inhalt {content}: die Halbwertszeit von {nuclide} ist nicht bekannt',
  'detail.half_life_too_long': 'Inhalt {content}: {nuclide} hat eine Halbwertszeit von {days} Tagen, mehr als {limit}',
  'detail.member_differs': '{field}: der Posten hat {expected}, nicht {given}',
};
