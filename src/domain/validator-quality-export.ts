// The validator quality cards as a file (docs/quality.md, "Validator quality cards"): CSV with one
// row per card, or the cards as JSON; or the agreement matrix between validators as CSV, one row
// per pair. Pure: the cards come from the one function that builds
// them (src/services/validator-quality.ts), so the file says what the API and the web app say.
import type { components } from '../generated/openapi-types.ts';

type Card = Omit<components['schemas']['ValidatorQualityCard'], '$schema'>;
type Pair = components['schemas']['ValidatorAgreementPair'];
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

/** What kind of voter a key of the matrix is: a person, an AI validator, or Auto Consensus. */
function kindOf(key: string, card: Card | undefined): 'human' | 'ai' | 'synthetic' {
  if (card) return card.ai ? 'ai' : 'human';
  // Auto Consensus votes as `synthetic:<n>`, never a validator with a card.
  return key.startsWith('synthetic:') ? 'synthetic' : 'human';
}

/** The agreement matrix's columns: each side's key, email, class and kind, then the pair's figures. */
const AGREEMENT_HEADER = [
  'validator_a',
  'email_a',
  'class_a',
  'kind_a',
  'validator_b',
  'email_b',
  'class_b',
  'kind_b',
  'datapoints',
  'mean_absolute_difference',
  'within_10',
];

function agreementCsv(cards: readonly Card[], agreement: readonly Pair[]): string[] {
  const byId = new Map(cards.map((c) => [c.validatorId, c]));
  const side = (key: string) => {
    const c = byId.get(key);
    return [key, c?.email ?? null, c?.classId ?? null, kindOf(key, c)];
  };
  return [
    AGREEMENT_HEADER.join(','),
    ...agreement.map((p) =>
      [...side(p.a), ...side(p.b), p.datapoints, p.meanAbsoluteDifference, p.within10].map(field).join(','),
    ),
  ];
}

/** The file of the cards (or of the agreement matrix) in `format`, named for the project and the day (UTC). */
export function qualityCardsFile(
  projectId: string,
  cards: readonly Card[],
  agreement: readonly Pair[],
  format: QualityExportFormat,
  now: Date,
) {
  const day = now.toISOString().slice(0, 10);
  if (format === 'agreement_csv')
    return {
      format,
      filename: `assay-validator-agreement-${projectId}-${day}.csv`,
      contentType: 'text/csv' as const,
      content: agreementCsv(cards, agreement)
        .map((l) => `${l}\r\n`)
        .join(''),
    } satisfies QualityExport;
  const filename = `assay-validator-quality-${projectId}-${day}.${format}`;
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
