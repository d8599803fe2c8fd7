/**
 * A container label's words by regime: the hazard warning and the language it is printed in. The label itself (its
 * PDF) is drawn elsewhere; a regime names its words (shared/domain/regimes/). Pure: no AWS, no HTTP.
 */
export interface LabelWords {
  readonly hazard: string;
  readonly language: 'de' | 'en';
}

/** StrlSchV § 91: "Radioaktiv", with the radiation warning sign. */
export const DE_LABEL_WORDS: LabelWords = { hazard: 'Radioaktiv', language: 'de' };

/** 10 CFR 20.1904(a): "CAUTION, RADIOACTIVE MATERIAL" or "DANGER, RADIOACTIVE MATERIAL", with the trefoil. */
export const US_LABEL_WORDS: LabelWords = { hazard: 'CAUTION, RADIOACTIVE MATERIAL', language: 'en' };
