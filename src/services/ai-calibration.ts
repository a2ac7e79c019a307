// The AI configurations of a project with their calibration and the AI share of the decision
// weight (docs/quality.md, "AI validators"): one function computes them, for the quality cards
// (REST, MCP, the web app) and the signed Proof Report (as SignedDecimals there).
import type { Db } from '../db/client.ts';
import { aiConfigurations, aiWeightShares, altTestItems, calibrationPairs } from '../db/ai-configurations.ts';
import { calibrate, calibrationSettings, type CalibrationSettings } from '../domain/calibration.ts';
import { signedDecimal } from '../domain/statistics.ts';
import type { components } from '../generated/openapi-types.ts';

type Schemas = components['schemas'];
type Card = Schemas['AiConfigurationCard'];
type Share = Schemas['AiShare'];
type Signed = Schemas['AiStatistics'];

export interface AiFigures {
  settings: CalibrationSettings;
  configurations: Card[];
  share: Share;
}

/**
 * Every AI configuration of the project with its calibration now (over all its items; a
 * configuration's `state` is whether it has passed, which stays), and the AI share of the weight
 * over the decided datapoints. `calibration` is the spec's block as stored.
 */
export async function aiFigures(sql: Db, projectId: string, calibration: unknown): Promise<AiFigures> {
  const settings = calibrationSettings(calibration);
  const configurations: Card[] = [];
  for (const c of await aiConfigurations(sql, projectId)) {
    const r = calibrate(
      await calibrationPairs(sql, projectId, c.class_id, c.config_hash),
      settings,
      await altTestItems(sql, projectId, c.class_id, c.config_hash),
    );
    configurations.push({
      classId: c.class_id,
      configurationHash: c.config_hash,
      configuration: c.configuration,
      state: c.activated_at ? 'active' : 'shadow',
      votes: c.votes,
      firstVoteAt: c.first_vote_at.toISOString(),
      activatedAt: c.activated_at?.toISOString() ?? null,
      calibration: {
        items: r.n,
        concordance: r.value,
        ci95: r.ci95,
        bias: r.bias,
        annotators: r.altTest.annotators,
        winningRate: r.altTest.winningRate,
        passed: c.activated_at !== null,
      },
    });
  }
  let ai = 0;
  let total = 0;
  let withAi = 0;
  let max: number | null = null;
  let sum = 0;
  for (const d of await aiWeightShares(sql, projectId)) {
    total += d.total;
    if (d.ai === null) continue;
    ai += d.ai;
    const share = d.total > 0 ? d.ai / d.total : 0;
    withAi++;
    sum += share;
    max = max === null ? share : Math.max(max, share);
  }
  return {
    settings,
    configurations,
    share: {
      overall: total > 0 ? ai / total : null,
      maxPerDatapoint: max,
      meanPerDatapoint: withAi ? sum / withAi : null,
      datapointsWithAi: withAi,
      cap: settings.maxAiShare,
    },
  };
}

/** The payload's `statistics.ai`: every configuration committed, figures as SignedDecimals. */
export function signedAiStatistics(f: AiFigures): Signed {
  const d = (x: number | null) => (x === null ? null : signedDecimal(x));
  return {
    calibration: {
      method: f.settings.method,
      minItems: f.settings.minItems,
      minConcordance: signedDecimal(f.settings.minConcordance),
      epsilon: signedDecimal(f.settings.epsilon),
      maxAiShare: signedDecimal(f.settings.maxAiShare),
    },
    configurations: [...f.configurations]
      .sort((a, b) =>
        a.classId === b.classId ? (a.configurationHash < b.configurationHash ? -1 : 1) : a.classId < b.classId ? -1 : 1,
      )
      .map((c) => ({
        classId: c.classId,
        configurationHash: c.configurationHash,
        configuration: c.configuration,
        state: c.state,
        votes: c.votes,
        calibration: {
          items: c.calibration.items,
          concordance: d(c.calibration.concordance),
          ci95: c.calibration.ci95 && [signedDecimal(c.calibration.ci95[0]!), signedDecimal(c.calibration.ci95[1]!)],
          bias: d(c.calibration.bias),
          annotators: c.calibration.annotators,
          winningRate: d(c.calibration.winningRate),
          passed: c.calibration.passed,
        },
      })),
    share: {
      overall: d(f.share.overall),
      maxPerDatapoint: d(f.share.maxPerDatapoint),
      meanPerDatapoint: d(f.share.meanPerDatapoint),
      datapointsWithAi: f.share.datapointsWithAi,
    },
  };
}
