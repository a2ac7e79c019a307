// The bins and the agreement rule behind the charts of the web app and the report exports, in
// one place. src/db/project-stats.ts computes the same bins in SQL (least(floor(x), 9)).

/** Ten bins of consensus rating: [0,10), [10,20), ..., [90,100] (100 falls in the last). */
export const RATING_BIN_LABELS = [
  '0–9',
  '10–19',
  '20–29',
  '30–39',
  '40–49',
  '50–59',
  '60–69',
  '70–79',
  '80–89',
  '90–100',
];
/** Ten bins of consensus strength: [0,0.1), ..., [0.9,1]. */
export const STRENGTH_BIN_LABELS = [
  '0–0.1',
  '0.1–0.2',
  '0.2–0.3',
  '0.3–0.4',
  '0.4–0.5',
  '0.5–0.6',
  '0.6–0.7',
  '0.7–0.8',
  '0.8–0.9',
  '0.9–1',
];

/** The bin edges, for an axis. */
export const RATING_EDGES = ['0', '10', '20', '30', '40', '50', '60', '70', '80', '90', '100'];
export const STRENGTH_EDGES = ['0', '.1', '.2', '.3', '.4', '.5', '.6', '.7', '.8', '.9', '1'];

export const ratingBin = (rating: number): number => Math.min(9, Math.floor(rating / 10));
export const strengthBin = (strength: number): number => Math.min(9, Math.floor(strength * 10));

/** A vote agrees with its datapoint's consensus when it is within this many rating points of it. */
export const AGREEMENT_POINTS = 10;

export interface Distributions {
  /** Finalized datapoints per consensus-rating bin. */
  ratingHistogram: number[];
  /** Finalized datapoints per consensus-strength bin. */
  strengthHistogram: number[];
}
