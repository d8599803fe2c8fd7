/** jsonc-parser's scanner alone, loaded on demand by shared/http/json.ts (a dynamic import keeps every export). */
export { createScanner } from 'jsonc-parser';
