/**
 * List prices (USD, us-east-1, on-demand, as published by AWS in November 2026) of what the
 * production template creates and the traffic it carries. Checked in so the bill in docs/COST.md
 * is reproducible; update a price here when AWS changes it, then `npm run cost`. Free tiers are
 * counted one way for every service: an always-free monthly allowance (ALWAYS_FREE) is taken off
 * that service's usage; a trial for the first 12 months of an account (SES's 3,000 messages) is
 * never counted, since the bill is for a product that runs for years.
 */
export const PRICES = {
  lambda: {
    /** Per million requests. */
    requestsPerMillion: 0.2,
    /** Per GB-second, arm64 (Graviton). */
    gbSecondArm: 0.0000133334,
  },
  /** HTTP API: per million requests (first 300 million a month). */
  httpApiPerMillion: 1.0,
  /** WebSocket API: per million messages (32 KB units) and per million connection-minutes. */
  websocket: { messagesPerMillion: 1.0, connectionMinutesPerMillion: 0.25 },
  dynamodb: {
    /** On demand, per million read and write request units. */
    readPerMillion: 0.125,
    writePerMillion: 0.625,
    /** Standard table class storage, per GB-month. */
    storageGbMonth: 0.25,
    /** Continuous backups (point-in-time recovery), per GB-month. */
    pitrGbMonth: 0.2,
  },
  backup: {
    /** AWS Backup for DynamoDB: warm and cold storage per GB-month. */
    warmGbMonth: 0.1,
    coldGbMonth: 0.03,
    /** Copy to another region: inter-region data transfer per GB. */
    crossRegionTransferGb: 0.02,
  },
  cloudfront: {
    /** HTTPS requests per 10,000 (United States, Europe). */
    httpsPer10k: 0.01,
    /** Data transfer out to the internet per GB, first 10 TB (United States, Europe). */
    egressGb: 0.085,
    /** CloudFront Functions, per million invocations. */
    functionsPerMillion: 0.1,
  },
  waf: {
    webAclMonth: 5.0,
    /** Per rule or managed rule group, per month. */
    ruleMonth: 1.0,
    /** Per million requests inspected. */
    requestsPerMillion: 0.6,
  },
  cognito: {
    /** Per monthly active user beyond the first 10,000 (Lite, Essentials); Plus has no free band. */
    liteMau: 0.0055,
    essentialsMau: 0.015,
    plusMau: 0.02,
  },
  cloudwatch: {
    /** Standard-resolution alarm, per metric it reads, per month. */
    alarmMetricMonth: 0.1,
    /** Dashboards beyond the first three, per month. */
    dashboardMonth: 3.0,
    /** Custom metric (a metric filter's), per month. */
    customMetricMonth: 0.3,
    /** Logs ingested per GB (standard class), and vended logs (WAF) per GB. */
    logsIngestGb: 0.5,
    /** Log storage per GB-month (compressed about 6:1 of what was ingested). */
    logsStorageGbMonth: 0.03,
  },
  /** X-Ray: per million traces recorded, and retrieved/scanned. */
  xray: { tracesRecordedPerMillion: 5.0, tracesRetrievedPerMillion: 0.5 },
  s3: {
    storageGbMonth: 0.023,
    putPer1000: 0.005,
    getPer1000: 0.0004,
  },
  ses: { per1000Emails: 0.1 },
  secretsManager: { secretMonth: 0.4, per10kCalls: 0.05 },
  eventBridge: { customEventsPerMillion: 1.0, archiveGbProcessed: 0.1 },
  sqs: { requestsPerMillion: 0.4 },
  route53: { hostedZoneMonth: 0.5 },
  /** OpenSearch Serverless: per OCU-hour (indexing and search alike) and per GB-month stored. */
  openSearchServerless: { ocuHour: 0.24, storageGbMonth: 0.024 },
} as const;

export const HOURS_PER_MONTH = 730;
export const SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600;

/**
 * Monthly allowances AWS gives every account for good (not a first-year trial), taken off each
 * service's usage in the bill. A service missing here has none (EventBridge's custom events, SES,
 * API Gateway, CloudFront's paid requests beyond its own always-free 10 M, …).
 */
export const ALWAYS_FREE = {
  lambda: { requests: 1_000_000, gbSeconds: 400_000 },
  sqs: { requests: 1_000_000 },
  cognitoLiteEssentialsMau: 10_000,
  cloudwatch: { alarmMetrics: 10, dashboards: 3, customMetrics: 10 },
  dynamodbStorageGb: 25,
  cloudfront: { requests: 10_000_000, egressGb: 1_000 },
} as const;
