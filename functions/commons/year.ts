import type { ApiRequest } from '../../shared/http/types';
import { parseQueryText } from '../../shared/schemas/body';
import { yearQuery } from '../../shared/schemas/release-queries';

/** The required `?year=YYYY` (0001 to 9999; its presence checked by the route's query): anything else is 400. */
export const yearOf = (request: ApiRequest): number => parseQueryText(yearQuery, request.query, 'year');
