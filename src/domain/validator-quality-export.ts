// The validator quality cards as a file (docs/quality.md, "Validator quality cards"): CSV with one
// row per card, or the cards as JSON. Pure: the cards come from the one function that builds
// them (src/services/validator-quality.ts), so the file says what the API and the web app say.
import type { components } from '../generated/openapi-types.ts';

type Card = Omit<components['schemas']['ValidatorQualityCard'], '$schema'>;
type QualityExport = components['schemas']['ValidatorQualityExport'];
export type QualityExportFormat = QualityExport['format'];

/** The CSV's columns, each with how it reads a card. */
const COLUMNS: [string, (c: Card) => string | number | boolean | null][] = [
  ['validator_id', (c) => c.validatorId],
  ['email', (c) => c.email],
  ['class_id', (c) => c.classId],
  ['paused', (c) => c.paused],
  ['paused_at', (c) => c.pause?.pausedAt ?? null],
  ['votes', (c) => c.votes],
  ['consensus_votes', (c) => c.consensusVotes],
  ['gold_votes', (c) => c.gold.count],
  ['gold_mae', (c) => c.gold.meanAbsoluteError],
  ['gold_bias', (c) => c.gold.bias],
  ['gold_ccc', (c) => c.gold.ccc],
  ['agreement_datapoints', (c) => c.agreement.datapoints],
  ['agreement_mad', (c) => c.agreement.meanAbsoluteDifference],
  ['agreement_ccc', (c) => c.agreement.ccc],
  ['model_bias', (c) => c.raterModel?.bias ?? null],
  ['model_inconsistency', (c) => c.raterModel?.inconsistency ?? null],
  ['model_precision', (c) => c.raterModel?.precision ?? null],
  ['weight_carried', (c) => c.weightCarried],
];

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled; null is empty. */
function field(v: string | number | boolean | null): string {
  if (v === null) return '';
  // Numbers in their shortest round-trip form (ECMAScript Number::toString), as SignedDecimal.
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The file of the cards in `format`, named for the project and the day (UTC). */
export function qualityCardsFile(projectId: string, cards: readonly Card[], format: QualityExportFormat, now: Date) {
  const filename = `assay-validator-quality-${projectId}-${now.toISOString().slice(0, 10)}.${format}`;
  if (format === 'json')
    return {
      format,
      filename,
      contentType: 'application/json' as const,
      content: `${JSON.stringify({ projectId, generatedAt: now.toISOString(), cards }, null, 2)}\n`,
    } satisfies QualityExport;
  const lines = [
    COLUMNS.map(([name]) => name).join(','),
    ...cards.map((c) => COLUMNS.map(([, read]) => field(read(c))).join(',')),
  ];
  return {
    format,
    filename,
    contentType: 'text/csv' as const,
    content: lines.map((l) => `${l}\r\n`).join(''),
  } satisfies QualityExport;
}
