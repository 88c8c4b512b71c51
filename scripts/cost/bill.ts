/**
 * The monthly bill of the production template for the stated traffic: one line per service with
 * the arithmetic behind it, from the template's inventory, the assumptions and the list prices.
 */
import { DIGEST_LIMITS, EMAIL_SENDING, EVENT_QUEUE_LIMITS, NOTIFICATION_BATCH_SIZE } from '@clubs/shared';
import type { ASSUMPTIONS } from './assumptions.ts';
import { ALWAYS_FREE, PRICES, SECONDS_PER_MONTH } from './prices.ts';
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

/** What is paid for: usage past the always-free allowance (ALWAYS_FREE), never below zero. */
const pastFree = (usage: number, allowance: number) => Math.max(0, usage - allowance);

/**
 * What the product's fan-out does a month: change events (one per write), each an outbox item
 * the table's stream hands to the change stream's function (counted as one invocation each, as
 * at a low write rate; reading a stream from Lambda is free) and then handed to their rules'
 * functions; club-wide announcements and events' reminders reaching every member in batches of
 * recipients, and by e-mail those who want it; the daily and weekly digests. Each e-mail is one
 * event and one queue message, sent by invocations of EVENT_QUEUE_LIMITS.batchSize messages, each
 * paced at its share of SES's rate (EMAIL_SENDING), which is how long it runs.
 */
export function fanOutOf(a: Assumptions) {
  const t = trafficOf(a);
  const membersPerClub = a.members / a.clubs;
  const changes = t.apiCalls * a.writeShare;
  const announcements = a.clubs * a.announcementsPerClubMonth;
  const reminders = a.clubs * a.eventsPerClubMonth;
  const recipientBatches = (announcements + reminders) * Math.ceil(membersPerClub / NOTIFICATION_BATCH_SIZE);
  const digestEmails = a.members * (a.dailyDigestShare * 30 + a.weeklyDigestShare * (52 / 12));
  const digestBatches = digestEmails / DIGEST_LIMITS.batchSize;
  const emails =
    announcements * membersPerClub * a.announcementEmailShare +
    reminders * membersPerClub * a.reminderEmailShare +
    digestEmails;
  const digestRuns = 30 + 52 / 12;
  // On the bus: changes, batches, e-mails, and the schedules' runs (digests, one per event's reminder).
  const busEvents = changes + recipientBatches + digestBatches + emails + digestRuns + reminders;
  const emailInvocations = emails / EVENT_QUEUE_LIMITS.batchSize;
  const emailSeconds =
    emailInvocations * (EVENT_QUEUE_LIMITS.batchSize / (EMAIL_SENDING.sendRate / EMAIL_SENDING.consumers));
  const otherInvocations =
    changes * (1 + a.rulesPerChange) + recipientBatches + digestBatches + digestRuns + reminders;
  // Each queued message is sent, received and deleted (receives and deletes in tens).
  const queueRequests = (recipientBatches + digestBatches + emails) * (1 + 2 / EVENT_QUEUE_LIMITS.batchSize);
  return {
    changes,
    emails,
    digestEmails,
    busEvents,
    invocations: emailInvocations + otherInvocations,
    seconds: emailSeconds + otherInvocations * (a.eventDurationMs / 1000),
    queueRequests,
  };
}

/** Cognito's monthly price for the plan, beyond the free band where the plan has one. */
export function cognitoMonthly(tier: string, mau: number): number {
  const c = PRICES.cognito;
  if (tier === 'PLUS') return mau * c.plusMau;
  const billable = pastFree(mau, ALWAYS_FREE.cognitoLiteEssentialsMau);
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
  const fan = fanOutOf(a);
  const pages = t.sessions * a.drawnPagesPerSession;
  const pageMemoryGb = Math.max(0, ...inv.pageFunctionMemoryMb) / 1024;
  const invocations = t.apiCalls + fan.invocations + (pageMemoryGb > 0 ? pages : 0);
  const gbSeconds =
    (t.apiCalls * (a.apiDurationMs / 1000) + fan.seconds) * memoryGb +
    pages * (a.drawnPageDurationMs / 1000) * pageMemoryGb;
  add(
    'Lambda',
    million(pastFree(invocations, ALWAYS_FREE.lambda.requests)) * p.lambda.requestsPerMillion +
      pastFree(gbSeconds, ALWAYS_FREE.lambda.gbSeconds) * p.lambda.gbSecondArm,
    `${fmt(million(t.apiCalls))} M API invocations × ${a.apiDurationMs} ms and ${fmt(million(fan.invocations))} M of the fan-out (changes, batches, paced e-mail sends) at ${fmt(memoryGb * 1024, 0)} MB (the API functions' average), ${fmt(million(pages))} M pages drawn with their data × ${a.drawnPageDurationMs} ms at ${fmt(pageMemoryGb * 1024, 0)} MB = ${fmt(gbSeconds, 0)} GB-s on arm64, less the always-free 1 M requests and 400,000 GB-s; ${inv.functions} functions in the template`,
  );
  add(
    'API Gateway (HTTP API)',
    million(t.apiCalls) * p.httpApiPerMillion,
    `${fmt(million(t.apiCalls))} M requests`,
  );

  const writes = t.apiCalls * a.writeShare * a.itemsPerWrite;
  // Each change's outbox item: one more item of its write's transaction (two units, no index
  // copies); TTL deletes it for nothing.
  const outboxUnits = fan.changes * 2;
  const writeUnits = writes * (1 + a.indexCopiesPerItemWrite) + outboxUnits;
  const readUnits = t.apiCalls * a.readUnitsPerCall;
  const allProjected = inv.globalSecondaryIndexes.filter((index) => index.projection === 'ALL').length;
  add(
    'DynamoDB',
    million(readUnits) * p.dynamodb.readPerMillion +
      million(writeUnits) * p.dynamodb.writePerMillion +
      pastFree(a.tableGb, ALWAYS_FREE.dynamodbStorageGb) * p.dynamodb.storageGbMonth +
      a.tableGb * p.dynamodb.pitrGbMonth,
    `${fmt(million(readUnits))} M read units, ${fmt(million(writeUnits))} M write units (${fmt(million(writes))} M item writes and ${fmt(million(fan.changes))} M change events' outbox items in their transactions, each item write with ${a.indexCopiesPerItemWrite} index copies on average; ${inv.globalSecondaryIndexes.length} global secondary indexes, ${allProjected} projecting ALL), ${a.tableGb} GB stored with point-in-time recovery`,
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

  const cfRequests =
    million(pastFree(t.cloudFrontRequests, ALWAYS_FREE.cloudfront.requests)) * 100 * p.cloudfront.httpsPer10k;
  const cfFunctions = million(t.siteRequests + t.mediaRequests) * p.cloudfront.functionsPerMillion;
  add(
    'CloudFront',
    cfRequests + pastFree(t.egressGb, ALWAYS_FREE.cloudfront.egressGb) * p.cloudfront.egressGb + cfFunctions,
    `${fmt(million(t.cloudFrontRequests))} M HTTPS requests (API, site, media), ${fmt(t.egressGb, 0)} GB out, less the always-free 10 M requests and 1 TB (media ${fmt((t.sessions * a.mediaBytesPerSession) / GB, 0)} GB), viewer functions on ${inv.cloudFrontFunctionBehaviors} behaviors`,
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
    `${fmt(a.monthlyActives, 0)} monthly active users, less the always-free ${fmt(ALWAYS_FREE.cognitoLiteEssentialsMau, 0)} on Lite and Essentials`,
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
    pastFree(inv.alarmMetrics, ALWAYS_FREE.cloudwatch.alarmMetrics) * p.cloudwatch.alarmMetricMonth +
      pastFree(inv.dashboards, ALWAYS_FREE.cloudwatch.dashboards) * p.cloudwatch.dashboardMonth +
      pastFree(inv.customMetrics, ALWAYS_FREE.cloudwatch.customMetrics) * p.cloudwatch.customMetricMonth,
    `${inv.alarms} alarms reading ${inv.alarmMetrics} metrics, ${inv.dashboards} dashboard, ${inv.customMetrics} metric filter, less the always-free 10 alarm metrics, 3 dashboards and 10 metrics`,
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

  const emails = a.emailsPerMonth + fan.emails;
  add(
    'SES',
    (emails / 1000) * p.ses.per1000Emails,
    `${fmt(emails, 0)} e-mails: ${fmt(fan.digestEmails, 0)} digests, ${fmt(fan.emails - fan.digestEmails, 0)} announcements and reminders, ${fmt(a.emailsPerMonth, 0)} invitations, codes and notices (no always-free tier)`,
  );
  add(
    'Secrets Manager',
    inv.secrets * p.secretsManager.secretMonth +
      (a.secretReadsPerMonth / 10_000) * p.secretsManager.per10kCalls,
    `${inv.secrets} secrets, ${fmt(a.secretReadsPerMonth, 0)} reads`,
  );
  const busEvents = a.busEventsPerMonth + fan.busEvents;
  add(
    'EventBridge, SQS',
    million(busEvents) * p.eventBridge.customEventsPerMillion +
      (busEvents * 5_000 * p.eventBridge.archiveGbProcessed) / GB +
      million(pastFree(fan.queueRequests, ALWAYS_FREE.sqs.requests)) * p.sqs.requestsPerMillion,
    `${fmt(million(busEvents))} M events on the bus (${fmt(million(fan.changes))} M changes, the fan-out's batches and e-mails, ${fmt(a.busEventsPerMonth, 0)} from Stripe), all archived; ${fmt(million(fan.queueRequests))} M queue requests less SQS's always-free 1 M; ${inv.queues} queues`,
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
