/**
 * The material book's part of `npm run bench`: what the stock now and a month's report read in a facility with a long
 * history (200 items in stock, 50 containers holding material, 20,000 items used up over two years, with their lines),
 * on DynamoDB Local with ReturnConsumedCapacity TOTAL. The budget (issue 35): each reads what answers, not the history:
 * items read and RCU at most 1.1 times the items that answer; p99 within the API's p99 budget (its alarm's threshold).
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ALARM_THRESHOLDS } from '../infra/monitoring';
import { ensureTable } from '../infra/local/emulators';
import { createDocumentClient } from '../shared/clients/dynamodb';
import { batchPut } from '../shared/data/batch';
import { chainLineItem } from '../shared/data/chain-store';
import { bookContentsItem, containerItem } from '../shared/data/container-items';
import { dynamoContainerStore } from '../shared/data/containers';
import { dynamoMaterialStore } from '../shared/data/material';
import { dynamoMaterialBook, STORED_MATERIAL_BOOK } from '../shared/data/material-book';
import { materialItem } from '../shared/data/material-keys';
import { ITEM_TYPES, keys, type Tenant } from '../shared/data/table';
import { type ContentLink, toContentModel } from '../shared/domain/container-contents';
import { createContainer } from '../shared/domain/container-rules';
import type { MaterialItem, Movement } from '../shared/domain/material';
import { chainBookLine, movementLine, receiptLine } from '../shared/domain/material-book';
import { formatTimestamp } from '../shared/domain/time';
import { holdingReader } from '../shared/services/container-book';
import { materialService } from '../shared/services/material';
import { materialReports } from '../shared/services/material-reports';
import { withDynamoDbLocal } from './local-table';
import { meter } from './meter';

const OPEN_ITEMS = 200;
const HOLDING_CONTAINERS = 50;
const CLOSED_ITEMS = Number(process.env.BENCH_CLOSED_ITEMS ?? 20_000);
const REPEAT = 30;
const BUDGET_RATIO = 1.1;

/** Counts the items each request read (a Query's ScannedCount, a Get's item), beside the meter's capacity. */
function countItems(client: DynamoDBDocumentClient) {
  let read = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const out = result.output as { ScannedCount?: number; Item?: unknown };
      read += out.ScannedCount ?? (out.Item ? 1 : 0);
      return result;
    },
    { step: 'initialize', name: 'itemCounter' },
  );
  return {
    async count<T>(work: () => Promise<T>): Promise<{ items: number; result: T }> {
      read = 0;
      const result = await work();
      return { items: read, result };
    },
  };
}

const quantile = (times: readonly number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.ceil(q * times.length) - 1]!;

/** A facility's history written straight to the table: items, their lines, containers holding some of them. */
async function seed(db: DynamoDBDocumentClient, table: string, tenant: Tenant, now: Date) {
  const minutes = (m: number) => formatTimestamp(new Date(now.getTime() - m * 60_000));
  const who = { by: 'bench-user', byName: 'Bench User' };
  const items: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  const book = (members: Parameters<typeof chainBookLine>[0]) =>
    lines.push(chainLineItem(STORED_MATERIAL_BOOK, tenant, chainBookLine(members, null)));
  const item = (i: number, receivedMinutesAgo: number, state: MaterialItem['State']): MaterialItem => ({
    Client: tenant.client,
    Facility: tenant.facility,
    Uuid: randomUUID(),
    Version: 1,
    Kind: 'RADIOPHARMACEUTICAL',
    Nuclide: i % 2 ? 'F-18' : 'Tc-99m',
    ActivityBq: 1e10,
    ActivityDateTime: minutes(receivedMinutesAgo),
    ReceivedAt: minutes(receivedMinutesAgo),
    ReceivedBy: who.by,
    Supplier: 'Zyklotron AG',
    Batch: `B-${i}`,
    ChemicalForm: null,
    Impurities: [],
    CertificateDocumentUuid: null,
    ParentUuid: null,
    LicenceUuid: null,
    LicenceExceeded: null,
    LineUuid: randomUUID(),
    Movements: [],
    State: state,
    CreatedAt: minutes(receivedMinutesAgo),
    UpdatedAt: minutes(receivedMinutesAgo),
  });
  const moved = (of: MaterialItem, kind: Movement['Kind'], at: string, container: string | null): MaterialItem => {
    const movement: Movement = {
      Uuid: randomUUID(),
      Kind: kind,
      ActivityBq: 1e9,
      MovedAt: at,
      Portion: 0.1,
      Applications: kind === 'ADMINISTERED' ? 1 : null,
      ContainerUuid: container,
      Recipient: null,
      Justification: null,
      MovedBy: who.by,
      LineUuid: randomUUID(),
      CorrectedBy: null,
    };
    book(movementLine({ lineUuid: movement.LineUuid, at, by: who.by, byName: who.byName }, of, movement));
    return { ...of, Movements: [...of.Movements, movement] };
  };
  // Two years of used-up items: one every ~50 minutes, each received and administered.
  for (let i = 0; i < CLOSED_ITEMS; i++) {
    const ago = 60 * 24 * 40 + Math.floor((i * 2 * 365 * 24 * 60) / CLOSED_ITEMS);
    let closed = item(i, ago, 'USED_UP');
    book(receiptLine({ lineUuid: closed.LineUuid, at: closed.ReceivedAt, ...who }, closed, null));
    closed = moved(closed, 'ADMINISTERED', minutes(ago - 30), null);
    items.push(materialItem(closed));
  }
  // This month: the items in stock, a quarter of them partly administered.
  for (let i = 0; i < OPEN_ITEMS; i++) {
    let open = item(i, 10 + i, 'IN_STOCK');
    book(receiptLine({ lineUuid: open.LineUuid, at: open.ReceivedAt, ...who }, open, null));
    if (i % 4 === 0) open = moved(open, 'ADMINISTERED', minutes(5 + i), null);
    items.push(materialItem(open));
  }
  // The containers holding material: each with four contents drawn from items used up this month.
  const containers: Record<string, unknown>[] = [];
  for (let c = 0; c < HOLDING_CONTAINERS; c++) {
    const record = createContainer(tenant, randomUUID(), { Name: `Box ${c}`, Weight: 10_000 }, ['rpo'], now);
    containers.push(containerItem(record));
    const held: ContentLink[] = [];
    for (let k = 0; k < 4; k++) {
      let source = item(1000 + c * 4 + k, 300, 'USED_UP');
      book(receiptLine({ lineUuid: source.LineUuid, at: source.ReceivedAt, ...who }, source, null));
      source = moved(source, 'TO_CONTAINER', minutes(200), record.Uuid);
      items.push(materialItem(source));
      const movement = source.Movements[0]!;
      const link: ContentLink = {
        kind: 'CYCLOTRON_PRODUCT',
        id: source.Uuid,
        nuclide: source.Nuclide,
        uuid: randomUUID(),
        activity: source.ActivityBq * movement.Portion,
        activityDateTime: source.ActivityDateTime,
        impurities: [],
        bookLine: movement.LineUuid,
      };
      held.push(link);
      containers.push({
        PK: keys.tenant(tenant),
        SK: keys.containerLink(record.Uuid, link.kind, link.id),
        Type: ITEM_TYPES.containerLink,
        ContainerUuid: record.Uuid,
        ...toContentModel(link),
      });
    }
    // What the container holds of the book, as its writes keep it beside it.
    containers.push(bookContentsItem(tenant, record.Uuid, held));
  }
  const all = [...items, ...lines, ...containers];
  for (let i = 0; i < all.length; i += 1000) {
    await batchPut(db, table, all.slice(i, i + 1000));
    process.stderr.write(`\rseeding the material book ${Math.min(i + 1000, all.length)}/${all.length}`);
  }
  process.stderr.write('\n');
}

export async function materialBook(verdict: (ok: boolean) => string): Promise<void> {
  return withDynamoDbLocal('bench-material', async ({ endpoint }) => {
    await ensureTable(endpoint, 'bench');
    const db = createDocumentClient(endpoint);
    const tenant = { client: randomUUID(), facility: randomUUID() };
    const now = new Date();
    await seed(db, 'bench', tenant, now);
    const metered = meter(db);
    const counter = countItems(db);
    const material = dynamoMaterialStore(db, 'bench');
    const lines = dynamoMaterialBook(db, 'bench');
    const service = materialService(material, holdingReader(dynamoContainerStore(db, 'bench')), lines, {
      keep: async () => undefined,
    });
    const reports = materialReports(lines, material, service);
    const month = formatTimestamp(now).slice(0, 7);
    // What answers: the items in stock and the book contents of each container holding material; the month's lines
    // (its rows, and the lines that are none: moves into containers).
    const span = (await reports.month(tenant, month, 'Europe/Berlin', 'en')) as { From: string; Until: string };
    const cases: { name: string; run: () => Promise<unknown>; answering: number }[] = [
      {
        name: `stock now (${OPEN_ITEMS} in stock, ${HOLDING_CONTAINERS} containers, ${CLOSED_ITEMS} used up)`,
        run: () => service.stock(tenant, undefined),
        answering: OPEN_ITEMS + HOLDING_CONTAINERS,
      },
      {
        name: `month's report ${month}`,
        run: () => reports.month(tenant, month, 'Europe/Berlin', 'en'),
        answering: (await lines.between(tenant, span.From, span.Until)).length,
      },
    ];
    console.log('\nThe material book: what a read reads (DynamoDB Local, ReturnConsumedCapacity TOTAL)\n');
    console.log('| read | items read | items answering | RCU | calls | p50 ms | p99 ms | budget |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---|');
    for (const c of cases) {
      const { items, result } = await counter.count(() => metered.measure(c.run));
      // The month's lines answer its report (the rows, and the lines that are no row: moves into containers).
      const answering =
        c.answering ||
        (
          await lines.between(
            tenant,
            (result.result as { From: string }).From,
            (result.result as { Until: string }).Until,
          )
        ).length;
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        const started = performance.now();
        await c.run();
        times.push(performance.now() - started);
      }
      const p99 = quantile(times, 0.99);
      const ok =
        items <= BUDGET_RATIO * answering &&
        result.read <= BUDGET_RATIO * answering &&
        p99 <= ALARM_THRESHOLDS.latencyP99Ms;
      console.log(
        `| ${c.name} | ${items} | ${answering} | ${+result.read.toFixed(1)} | ${result.calls} | ` +
          `${Math.round(quantile(times, 0.5))} | ${Math.round(p99)} | items and RCU <= ${BUDGET_RATIO} x answering, ` +
          `p99 <= ${ALARM_THRESHOLDS.latencyP99Ms} ms: ${verdict(ok)} |`,
      );
    }
  });
}
