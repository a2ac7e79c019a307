// When an AI configuration's weight applies (docs/quality.md, "AI validators"): a configuration
// is registered at its first vote, counts with weight 0 (shadow) until it passes calibration
// (src/domain/calibration.ts owns the statistic), and from then on with its class weight. The
// check runs in the transaction that gave the configuration a new calibration item: a decision on
// a datapoint it rated (with a person's vote), or its vote on a gold item. Activation is final for
// the configuration; decisions already made are terminal and never re-decided.
import type { TxSql } from '../db/client.ts';
import { altTestItems, calibrationItemCount, calibrationPairs } from '../db/ai-configurations.ts';
import { aiConfiguration, calibrate, calibrationDue, type CalibrationSettings } from '../domain/calibration.ts';
import type { components } from '../generated/openapi-types.ts';

type Provenance = components['schemas']['VoteProvenance'];

export interface AiVoteContext {
  configHash: string;
  /** The configuration has not passed calibration: the vote counts with weight 0. */
  shadow: boolean;
  /** Stored with the vote: what is particular to it (the configuration is stored once). */
  provenance: { promptSha256: string; outputSha256: string; scoring: Provenance['scoring'] };
}

/**
 * Registers the vote's configuration (once per distinct configuration of the class) and reads
 * whether it is active. The row is read without a lock: an activation committing meanwhile leaves
 * this vote in shadow, as it was when cast (a shared lock here would deadlock two votes of one
 * configuration that both go on to check it, each waiting to upgrade its lock).
 */
export async function aiVoteContext(
  tx: TxSql,
  projectId: string,
  classId: string,
  p: Provenance,
): Promise<AiVoteContext> {
  const { configuration, hash } = aiConfiguration(p);
  await tx`
    insert into ai_configurations (project_id, class_id, config_hash, configuration)
    values (${projectId}, ${classId}, ${hash}, ${tx.json(configuration as never)})
    on conflict do nothing`;
  const [row] = await tx<{ active: boolean }[]>`
    select activated_at is not null as active from ai_configurations
    where project_id = ${projectId} and class_id = ${classId} and config_hash = ${hash}`;
  return {
    configHash: hash,
    shadow: !row!.active,
    provenance: { promptSha256: p.promptSha256, outputSha256: p.outputSha256, scoring: p.scoring },
  };
}

/** The shadow configurations with a vote on any of the datapoints, in key order. */
async function shadowConfigurationsOn(tx: TxSql, datapointIds: string[]) {
  return tx<{ project_id: string; class_id: string; config_hash: string }[]>`
    select distinct c.project_id, c.class_id, c.config_hash
    from votes v join ai_configurations c on c.project_id = v.project_id and c.class_id = v.class_id
      and c.config_hash = v.ai_config
    where v.datapoint_id = any(${datapointIds}::uuid[]) and c.activated_at is null
    order by c.project_id, c.class_id, c.config_hash`;
}

/**
 * Checks the shadow configurations that rated any of the datapoints (just decided, or a gold item
 * just rated): each whose calibration items reached the spec's minimum, or grew by a tenth since
 * its last check, is calibrated again and activated when it passes.
 */
export async function recalibrate(
  tx: TxSql,
  datapointIds: string[],
  settingsOf: (projectId: string) => CalibrationSettings,
): Promise<void> {
  if (datapointIds.length === 0) return;
  for (const c of await shadowConfigurationsOn(tx, datapointIds)) {
    const settings = settingsOf(c.project_id);
    const [state] = await tx<{ items_at_check: number; activated: boolean }[]>`
      select items_at_check, activated_at is not null as activated from ai_configurations
      where project_id = ${c.project_id} and class_id = ${c.class_id} and config_hash = ${c.config_hash}
      for update`;
    if (state!.activated) continue;
    const items = await calibrationItemCount(tx, c.project_id, c.class_id, c.config_hash);
    if (!calibrationDue(items, state!.items_at_check, settings.minItems)) continue;
    const result = calibrate(
      await calibrationPairs(tx, c.project_id, c.class_id, c.config_hash),
      settings,
      settings.method === 'alt_test' ? await altTestItems(tx, c.project_id, c.class_id, c.config_hash) : [],
    );
    const figures = {
      items: result.n,
      concordance: result.value,
      ci95: result.ci95,
      bias: result.bias,
      annotators: result.altTest.annotators,
      winningRate: result.altTest.winningRate,
    };
    await tx`
      update ai_configurations set items_at_check = ${items}, calibration = ${tx.json(figures as never)},
        activated_at = case when ${result.passed}::bool then now() else null end
      where project_id = ${c.project_id} and class_id = ${c.class_id} and config_hash = ${c.config_hash}`;
  }
}
