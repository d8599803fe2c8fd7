/** shared/domain/collection.ts: the CollectionConfiguration of a page, of a whole listing, and where a page starts. */
import { describe, expect, it } from 'vitest';
import { pageConfiguration, wholeConfiguration } from '../../../shared/domain/collection';

const endpoint = (page: number) => `/documents/page/${page}`;
const page = (total: number, current: number, itemsOnPage: number) =>
  pageConfiguration({ name: 'DocumentModel', total, page: current, pageSize: 100, itemsOnPage, endpoint });

describe('pageConfiguration', () => {
  it('a middle page: neighbours on both sides, indexes of its own items, every endpoint built from its page', () => {
    expect(page(250, 2, 100)).toEqual({
      CollectionModelName: 'DocumentModel',
      IsPaginated: true,
      MaxItemsPerPage: 100,
      CurrentPage: 2,
      FirstPage: 1,
      LastPage: 3,
      PreviousPage: 1,
      NextPage: 3,
      CurrentPageEndpoint: '/documents/page/2',
      FirstPageEndpoint: '/documents/page/1',
      LastPageEndpoint: '/documents/page/3',
      PreviousPageEndpoint: '/documents/page/1',
      NextPageEndpoint: '/documents/page/3',
      FirstIndex: 100,
      LastIndex: 199,
      TotalCount: 250,
    });
  });

  it('the first and the last page point at themselves where there is no neighbour; the last holds the rest', () => {
    expect(page(250, 1, 100)).toMatchObject({ PreviousPage: 1, NextPage: 2, FirstIndex: 0, LastIndex: 99 });
    expect(page(250, 3, 50)).toMatchObject({
      PreviousPage: 2,
      NextPage: 3,
      LastPage: 3,
      NextPageEndpoint: '/documents/page/3',
      FirstIndex: 200,
      LastIndex: 249,
    });
  });

  it('a full last page does not add an empty one: 200 items are 2 pages', () => {
    expect(page(200, 2, 100)).toMatchObject({ LastPage: 2, NextPage: 2, LastIndex: 199 });
  });

  it('an empty collection still has page 1, holding nothing (LastIndex below FirstIndex)', () => {
    expect(page(0, 1, 0)).toMatchObject({
      LastPage: 1,
      PreviousPage: 1,
      NextPage: 1,
      FirstIndex: 0,
      LastIndex: -1,
      TotalCount: 0,
    });
  });

  it('a page past the end is empty at the end of the collection, and its neighbours lead back into it', () => {
    // Not FirstIndex 400 and LastIndex 399: positions past the last item do not exist.
    expect(page(150, 5, 0)).toMatchObject({
      CurrentPage: 5,
      LastPage: 2,
      PreviousPage: 2,
      NextPage: 2,
      CurrentPageEndpoint: '/documents/page/5',
      FirstIndex: 150,
      LastIndex: 149,
    });
    expect(page(100, 2, 0)).toMatchObject({ FirstIndex: 100, LastIndex: 99, TotalCount: 100 });
    expect(page(7, 2, 0)).toMatchObject({ FirstIndex: 7, LastIndex: 6 });
  });
});

describe('wholeConfiguration', () => {
  it('one unpaginated page up to the cap: every endpoint is the listing itself', () => {
    const self = '/document/api/v1/c/f/documents';
    expect(wholeConfiguration({ name: 'DocumentModel', total: 1500, cap: 1000, itemsOnPage: 1000, self })).toEqual({
      CollectionModelName: 'DocumentModel',
      IsPaginated: false,
      MaxItemsPerPage: 1000,
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
      LastIndex: 999,
      TotalCount: 1500,
    });
  });

  it('an empty listing: LastIndex -1, total 0', () => {
    expect(wholeConfiguration({ name: 'X', total: 0, cap: 1000, itemsOnPage: 0, self: '/x' })).toMatchObject({
      FirstIndex: 0,
      LastIndex: -1,
      TotalCount: 0,
    });
  });
});
