/** jsonc-parser's scanner alone, loaded on demand by shared/http/json.ts, bundled apart (LAZY_MODULES). */
export { createScanner } from 'jsonc-parser';
