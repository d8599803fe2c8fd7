/**
 * Collections (DESIGN §4): the CollectionConfiguration of a listing, paginated or not. Pure math:
 * the caller says how many items the whole collection has, which page was asked for and how many
 * items the page holds; endpoints are built by a function it passes.
 */
export interface CollectionConfiguration {
  CollectionModelName: string;
  IsPaginated: boolean;
  MaxItemsPerPage: number;
  CurrentPage: number;
  FirstPage: number;
  LastPage: number;
  PreviousPage: number;
  NextPage: number;
  CurrentPageEndpoint: string;
  FirstPageEndpoint: string;
  LastPageEndpoint: string;
  PreviousPageEndpoint: string;
  NextPageEndpoint: string;
  FirstIndex: number;
  LastIndex: number;
  TotalCount: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** One page of a paginated collection. `page` may lie past the last page (an empty page). */
export function pageConfiguration(options: {
  name: string;
  total: number;
  page: number;
  pageSize: number;
  itemsOnPage: number;
  endpoint: (page: number) => string;
}): CollectionConfiguration {
  const { name, total, page, pageSize, itemsOnPage, endpoint } = options;
  const last = Math.max(1, Math.ceil(total / pageSize));
  const previous = clamp(page - 1, 1, last);
  const next = clamp(page + 1, 1, last);
  // A page past the end is empty at the end of the collection: it starts at TotalCount, never beyond it.
  const firstIndex = Math.min((page - 1) * pageSize, total);
  return {
    CollectionModelName: name,
    IsPaginated: true,
    MaxItemsPerPage: pageSize,
    CurrentPage: page,
    FirstPage: 1,
    LastPage: last,
    PreviousPage: previous,
    NextPage: next,
    CurrentPageEndpoint: endpoint(page),
    FirstPageEndpoint: endpoint(1),
    LastPageEndpoint: endpoint(last),
    PreviousPageEndpoint: endpoint(previous),
    NextPageEndpoint: endpoint(next),
    FirstIndex: firstIndex,
    LastIndex: firstIndex + itemsOnPage - 1,
    TotalCount: total,
  };
}

/**
 * An unpaginated collection (`find` and the scoped listings): one page holding everything up to the
 * cap; every endpoint is the listing's own address.
 */
export function wholeConfiguration(options: {
  name: string;
  total: number;
  cap: number;
  itemsOnPage: number;
  self: string;
}): CollectionConfiguration {
  const { name, total, cap, itemsOnPage, self } = options;
  return {
    CollectionModelName: name,
    IsPaginated: false,
    MaxItemsPerPage: cap,
    CurrentPage: 1,
    FirstPage: 1,
    LastPage: 1,
    PreviousPage: 1,
    NextPage: 1,
    CurrentPageEndpoint: self,
    FirstPageEndpoint: self,
    LastPageEndpoint: self,
    PreviousPageEndpoint: self,
    NextPageEndpoint: self,
    FirstIndex: 0,
    LastIndex: itemsOnPage - 1,
    TotalCount: total,
  };
}
