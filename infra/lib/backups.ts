/**
 * Backups that survive an account mistake. Point-in-time recovery keeps the table's last 35 days
 * (data.ts); on top of it an AWS Backup plan takes a backup of the table every day (kept
 * BACKUP_RULES.daily.keepDays) and on the first of every month (kept a year), each copied at once to a
 * second vault. The copy vault lives in another region when the stage names `backupCopyRegion`
 * (a small stack of its own there, BackupCopyStack, which also holds the media bucket's replica),
 * else beside the first; and, when the stage names `backupCopyAccountVaultArn`, to a vault in
 * another account too, so an account mistake cannot take every copy. Both vaults are locked as the stage says (`backupVaultLock`): compliance
 * mode in production (after a three-day grace period nobody, the root user included, can delete
 * a recovery point before its time or shorten its retention), governance or none elsewhere.
 * The user pool has no AWS Backup support; the table holds everything else the product stores.
 */
import { ArnFormat, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  type IBackupVault,
  type LockConfiguration,
} from 'aws-cdk-lib/aws-backup';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { ClubsConfig } from './config.ts';
import { mediaLifecycleRules, mediaReplicaBucketName } from './media.ts';

/** How often the plan backs the table up, and how long each backup and its copy are kept. */
export const BACKUP_RULES = {
  daily: { keepDays: 35 },
  monthly: { keepDays: 365 },
} as const;

export type VaultLockMode = ClubsConfig['backupVaultLock'];

/** The vault's name (`{stackName}-backups`) and its copy's (`…-copy`): known before either exists. */
export const backupVaultName = (stackName: string): string => `${stackName}-backups`;
export const copyVaultName = (stackName: string): string => `${backupVaultName(stackName)}-copy`;

/**
 * The lock of a vault: recovery points cannot be deleted before `minRetention` nor kept longer
 * than `maxRetention`. Compliance mode sets a grace period after which the lock itself can no
 * longer be changed or removed; governance mode can be lifted by those allowed to.
 */
export function vaultLockOf(mode: VaultLockMode): LockConfiguration | undefined {
  if (mode === 'none') return undefined;
  const limits = {
    minRetention: Duration.days(7),
    maxRetention: Duration.days(BACKUP_RULES.monthly.keepDays + 1),
  };
  return mode === 'compliance' ? { ...limits, changeableFor: Duration.days(3) } : limits;
}

function vault(scope: Construct, id: string, name: string, mode: VaultLockMode): BackupVault {
  return new BackupVault(scope, id, {
    backupVaultName: name,
    lockConfiguration: vaultLockOf(mode),
    // A vault holding recovery points cannot be deleted anyway; never with the stack. But its name
    // is fixed: one kept by a first deploy that rolled back would refuse the retry, so the
    // deploy that created it deletes it (still empty) if that deploy rolls back.
    removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
  });
}

export interface BackupsProps {
  readonly config: ClubsConfig;
  readonly table: ITableV2;
}

export class Backups extends Construct {
  readonly vault: BackupVault;
  /** Where every recovery point is copied: another region's vault, or a second one here. */
  readonly copyVault: IBackupVault;
  /** The vault in another account every recovery point is also copied to, when the stage names one. */
  readonly accountCopyVault?: IBackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: BackupsProps) {
    super(scope, id);
    const { config } = props;
    const stack = Stack.of(this);
    this.vault = vault(this, 'Vault', backupVaultName(config.stackName), config.backupVaultLock);
    this.copyVault = config.backupCopyRegion
      ? BackupVault.fromBackupVaultArn(
          this,
          'CopyVault',
          stack.formatArn({
            service: 'backup',
            region: config.backupCopyRegion,
            resource: 'backup-vault',
            resourceName: copyVaultName(config.stackName),
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        )
      : vault(this, 'CopyVault', copyVaultName(config.stackName), config.backupVaultLock);

    if (config.backupCopyAccountVaultArn) {
      this.accountCopyVault = BackupVault.fromBackupVaultArn(
        this,
        'AccountCopyVault',
        config.backupCopyAccountVaultArn,
      );
    }
    const copyVaults = [this.copyVault, ...(this.accountCopyVault ? [this.accountCopyVault] : [])];

    const rule = (ruleName: string, schedule: Schedule, keepDays: number) =>
      new BackupPlanRule({
        ruleName,
        scheduleExpression: schedule,
        startWindow: Duration.hours(1),
        completionWindow: Duration.hours(4),
        deleteAfter: Duration.days(keepDays),
        copyActions: copyVaults.map((destinationBackupVault) => ({
          destinationBackupVault,
          deleteAfter: Duration.days(keepDays),
        })),
      });
    this.plan = new BackupPlan(this, 'Plan', {
      backupPlanName: `${config.stackName}-table`,
      backupVault: this.vault,
      backupPlanRules: [
        rule('Daily', Schedule.cron({ minute: '0', hour: '4' }), BACKUP_RULES.daily.keepDays),
        rule('Monthly', Schedule.cron({ minute: '0', hour: '5', day: '1' }), BACKUP_RULES.monthly.keepDays),
      ],
    });
    const selection = this.plan.addSelection('Table', {
      resources: [BackupResource.fromArn(props.table.tableArn)],
      allowRestores: true,
    });
    for (const policy of ['AWSBackupServiceRolePolicyForBackup', 'AWSBackupServiceRolePolicyForRestores']) {
      Validations.of(selection.node.findChild('Role')).acknowledge({
        id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${policy}]`,
        reason:
          "AWS Backup's own service-role policies (backup and restore) are what AWS documents for a backup " +
          'selection; they follow the service as it adds resource types.',
      });
    }
  }
}

export interface BackupCopyStackProps extends StackProps {
  /** The main stack's name (vault and replica bucket names). */
  readonly mainStackName: string;
  readonly vaultLock: VaultLockMode;
}

/**
 * In another region, what survives the loss of the main one: the copy vault every recovery point
 * is copied to, and the bucket the media bucket replicates into (versioned, like its source,
 * with the same lifecycle). Deployed before the main stack (it depends on this one).
 */
export class BackupCopyStack extends Stack {
  readonly vault: BackupVault;
  readonly mediaReplica: Bucket;

  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    this.vault = vault(this, 'CopyVault', copyVaultName(props.mainStackName), props.vaultLock);
    this.mediaReplica = new Bucket(this, 'MediaReplica', {
      bucketName: mediaReplicaBucketName(props.mainStackName, this.region),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: mediaLifecycleRules(),
      // Kept with the stack, but its fixed name must not outlive a first deploy that rolled back.
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    Validations.of(this.mediaReplica).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only S3 replication writes to the replica; the source bucket logs every access, and the replica is read ' +
        'only for a restore.',
    });
  }
}
