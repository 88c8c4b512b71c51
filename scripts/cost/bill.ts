/**
 * The monthly bill of the production template for the stated traffic: one line per service with
 * the arithmetic behind it, from the template's inventory, the assumptions and the list prices.
 */
import type { ASSUMPTIONS } from './assumptions.ts';
import { PRICES, SECONDS_PER_MONTH } from './prices.ts';
import type { Inventory } from './template-inventory.ts';

export interface BillLine {
  readonly service: string;
  readonly monthly: number;
  readonly basis: string;
}

type Assumptions = typeof ASSUMPTIONS;

const GB = 1e9;
const million = (n: number) => n / 1e6;
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The traffic the assumptions add up to. */
export function trafficOf(a: Assumptions) {
  const sessions = a.monthlyActives * a.sessionsPerActive;
  const apiCalls = sessions * a.apiCallsPerSession;
  const siteRequests = sessions * a.siteRequestsPerSession;
  const mediaRequests = sessions * a.mediaRequestsPerSession;
  const cloudFrontRequests = apiCalls + siteRequests + mediaRequests;
  const egressGb =
    (sessions * (a.siteBytesPerSession + a.mediaBytesPerSession) + apiCalls * a.apiBytesPerCall) / GB;
  return { sessions, apiCalls, siteRequests, mediaRequests, cloudFrontRequests, egressGb };
}

/** Cognito's monthly price for the plan, beyond the free band where the plan has one. */
export function cognitoMonthly(tier: string, mau: number): number {
  const c = PRICES.cognito;
  if (tier === 'PLUS') return mau * c.plusMau;
  const billable = Math.max(0, mau - c.freeMauLiteEssentials);
  return billable * (tier === 'LITE' ? c.liteMau : c.essentialsMau);
}

export function billOf(inv: Inventory, a: Assumptions, logRetentionDays: number): BillLine[] {
  const t = trafficOf(a);
  const p = PRICES;
  const lines: BillLine[] = [];
  const add = (service: string, monthly: number, basis: string) => lines.push({ service, monthly, basis });

  const memoryGb =
    inv.apiFunctionMemoryMb.reduce((sum, mb) => sum + mb, 0) /
    Math.max(1, inv.apiFunctionMemoryMb.length) /
    1024;
  const gbSeconds = t.apiCalls * (a.apiDurationMs / 1000) * memoryGb;
  add(
    'Lambda',
    million(t.apiCalls) * p.lambda.requestsPerMillion + gbSeconds * p.lambda.gbSecondArm,
    `${fmt(million(t.apiCalls))} M invocations × ${a.apiDurationMs} ms at ${fmt(memoryGb * 1024, 0)} MB (the API functions' average) = ${fmt(gbSeconds, 0)} GB-s on arm64; ${inv.functions} functions in the template`,
  );
  add(
    'API Gateway (HTTP API)',
    million(t.apiCalls) * p.httpApiPerMillion,
    `${fmt(million(t.apiCalls))} M requests`,
  );

  const writes = t.apiCalls * a.writeShare * a.itemsPerWrite;
  const writeUnits = writes * (1 + a.indexCopiesPerItemWrite);
  const readUnits = t.apiCalls * a.readUnitsPerCall;
  const allProjected = inv.globalSecondaryIndexes.filter((index) => index.projection === 'ALL').length;
  add(
    'DynamoDB',
    million(readUnits) * p.dynamodb.readPerMillion +
      million(writeUnits) * p.dynamodb.writePerMillion +
      a.tableGb * (p.dynamodb.storageGbMonth + p.dynamodb.pitrGbMonth),
    `${fmt(million(readUnits))} M read units, ${fmt(million(writeUnits))} M write units (${fmt(million(writes))} M item writes, each with ${a.indexCopiesPerItemWrite} index copies on average; ${inv.globalSecondaryIndexes.length} global secondary indexes, ${allProjected} projecting ALL), ${a.tableGb} GB stored with point-in-time recovery`,
  );

  if (inv.backupRules.length > 0) {
    // Every backup of the table is a full copy: a rule keeps deleteAfterDays / everyDays of them.
    let monthly = 0;
    const kept: string[] = [];
    for (const { everyDays, deleteAfterDays, coldAfterDays, copies } of inv.backupRules) {
      const warm = (coldAfterDays > 0 ? coldAfterDays : deleteAfterDays) / everyDays;
      const cold = coldAfterDays > 0 ? (deleteAfterDays - coldAfterDays) / everyDays : 0;
      const perVault = a.tableGb * (warm * p.backup.warmGbMonth + cold * p.backup.coldGbMonth);
      const transfer = copies * a.tableGb * (30 / everyDays) * p.backup.crossRegionTransferGb;
      monthly += perVault * (1 + copies) + transfer;
      kept.push(
        `${everyDays === 1 ? 'daily' : 'monthly'} kept ${deleteAfterDays} days (${fmt(warm + cold, 0)} backups) in ${1 + copies} vaults`,
      );
    }
    add(
      'AWS Backup',
      monthly,
      `full ${a.tableGb} GB backups of the table, ${kept.join(', ')}; the copies sent across regions`,
    );
  }

  const cfRequests = million(t.cloudFrontRequests) * 100 * p.cloudfront.httpsPer10k;
  const cfFunctions = million(t.siteRequests + t.mediaRequests) * p.cloudfront.functionsPerMillion;
  add(
    'CloudFront',
    cfRequests + t.egressGb * p.cloudfront.egressGb + cfFunctions,
    `${fmt(million(t.cloudFrontRequests))} M HTTPS requests (API, site, media), ${fmt(t.egressGb, 0)} GB out (media ${fmt((t.sessions * a.mediaBytesPerSession) / GB, 0)} GB), viewer functions on ${inv.cloudFrontFunctionBehaviors} behaviors`,
  );

  const rules = inv.webAcls.reduce((sum, acl) => sum + acl.rules, 0);
  const edgeInspected = t.cloudFrontRequests;
  // The regional web ACL sees the user pool's API calls (sign-in, token refreshes, sign-ups).
  const authInspected = inv.webAcls.some((acl) => acl.scope === 'REGIONAL')
    ? t.sessions * a.cognitoCallsPerSession
    : 0;
  add(
    'AWS WAF',
    inv.webAcls.length * p.waf.webAclMonth +
      rules * p.waf.ruleMonth +
      million(edgeInspected + authInspected) * p.waf.requestsPerMillion,
    `${inv.webAcls.length} web ACL(s) (${inv.webAcls.map((acl) => acl.scope).join(', ')}) with ${rules} rules, ${fmt(million(edgeInspected))} M requests inspected at the edge and ${fmt(million(authInspected))} M Cognito calls`,
  );

  add(
    `Cognito (${inv.userPoolTier})`,
    cognitoMonthly(inv.userPoolTier, a.monthlyActives),
    `${fmt(a.monthlyActives, 0)} monthly active users, the first ${fmt(p.cognito.freeMauLiteEssentials, 0)} free on Lite and Essentials`,
  );

  const functionLogsGb = (t.apiCalls * a.functionLogBytesPerCall) / GB;
  const accessLogsGb = (t.apiCalls * a.accessLogBytesPerCall) / GB;
  const wafLogsGb = (t.cloudFrontRequests * a.wafLoggedShare * a.wafLogBytesPerRecord) / GB;
  const ingested = functionLogsGb + accessLogsGb + wafLogsGb;
  const stored = (ingested / 6) * (logRetentionDays / 30);
  add(
    'CloudWatch Logs',
    ingested * p.cloudwatch.logsIngestGb + stored * p.cloudwatch.logsStorageGbMonth,
    `${fmt(functionLogsGb)} GB function logs, ${fmt(accessLogsGb)} GB API access logs, ${fmt(wafLogsGb)} GB WAF logs (blocked and counted requests only) a month, kept ${logRetentionDays} days`,
  );
  add(
    'CloudWatch alarms, dashboard, metrics',
    inv.alarmMetrics * p.cloudwatch.alarmMetricMonth +
      Math.max(0, inv.dashboards - 3) * p.cloudwatch.dashboardMonth +
      inv.customMetrics * p.cloudwatch.customMetricMonth,
    `${inv.alarms} alarms reading ${inv.alarmMetrics} metrics, ${inv.dashboards} dashboard (the first three are free), ${inv.customMetrics} metric filter`,
  );

  const reservoir = Math.min(t.apiCalls, SECONDS_PER_MONTH);
  const traces = reservoir + (t.apiCalls - reservoir) * a.xraySampleShare;
  add(
    'X-Ray',
    million(traces) * p.xray.tracesRecordedPerMillion,
    `${inv.tracedFunctions} functions with active tracing; the default rule records one request a second and ${a.xraySampleShare * 100} % of the rest: ${fmt(million(traces))} M traces`,
  );

  const presignedGb = (t.sessions * a.presignedMediaBytesPerSession) / GB;
  const mediaReplicationGb = inv.mediaReplication ? a.mediaGb : 0;
  add(
    'S3 (media, site, logs)',
    (a.mediaGb + mediaReplicationGb) * p.s3.storageGbMonth +
      (t.mediaRequests / 1000) * 0.1 * p.s3.getPer1000 +
      presignedGb * p.cloudfront.egressGb +
      ((t.apiCalls * a.writeShare * 0.05) / 1000) * p.s3.putPer1000,
    `${a.mediaGb} GB of media${inv.mediaReplication ? ' and its replica' : ''}, CloudFront's cache misses, ${fmt(presignedGb, 0)} GB of members-only media read through presigned URLs (S3's egress price, like CloudFront's)`,
  );

  add('SES', (a.emailsPerMonth / 1000) * p.ses.per1000Emails, `${fmt(a.emailsPerMonth, 0)} e-mails`);
  add(
    'Secrets Manager',
    inv.secrets * p.secretsManager.secretMonth +
      (a.secretReadsPerMonth / 10_000) * p.secretsManager.per10kCalls,
    `${inv.secrets} secrets, ${fmt(a.secretReadsPerMonth, 0)} reads`,
  );
  add(
    'EventBridge, SQS',
    million(a.busEventsPerMonth) * p.eventBridge.customEventsPerMillion +
      (a.busEventsPerMonth * 5_000 * p.eventBridge.archiveGbProcessed) / GB,
    `${fmt(a.busEventsPerMonth, 0)} events on the bus, all archived; ${inv.queues} dead-letter queues, idle`,
  );
  add('Route 53', p.route53.hostedZoneMonth, 'one hosted zone (alias queries to CloudFront are free)');
  return lines;
}

/** A managed search engine against a word index in the table, for the same members and clubs. */
export function searchComparison(a: Assumptions) {
  const o = PRICES.openSearchServerless;
  const haOcus = 4; // two for indexing and two for search, each across two zones
  const devOcus = 1; // redundancy off: half an OCU each for indexing and search
  const openSearchHa = haOcus * o.ocuHour * 730;
  const openSearchMinimal = devOcus * o.ocuHour * 730;
  const indexItems = a.searchDocuments * a.wordsPerDocument;
  const indexGb = (indexItems * 200) / GB;
  const writes = a.documentChangesPerMonth * a.wordsPerDocument * 2; // the old words out, the new in
  const reads = a.monthlyActives * a.searchesPerActive * 3; // a query per word, a page of items each
  const wordIndex =
    million(writes) * PRICES.dynamodb.writePerMillion +
    million(reads) * PRICES.dynamodb.readPerMillion +
    indexGb * PRICES.dynamodb.storageGbMonth;
  return { openSearchHa, openSearchMinimal, wordIndex, indexItems, writes, reads, haOcus, devOcus };
}

/** A WebSocket API for live updates, for the stated actives. */
export function websocketCost(a: Assumptions) {
  const sessions = a.monthlyActives * a.sessionsPerActive;
  const connectionMinutes = sessions * a.websocketMinutesPerSession;
  const messages = connectionMinutes * a.websocketMessagesPerMinute;
  const w = PRICES.websocket;
  return {
    connectionMinutes,
    messages,
    monthly:
      million(connectionMinutes) * w.connectionMinutesPerMillion + million(messages) * w.messagesPerMillion,
  };
}
