// The quotas an ingest run is held to while its rows stream (docs/security.md, "Quotas"): the
// datapoints and content bytes of the run itself, and what its organization holds with them. A
// crossed quota fails the run with `ingest_quota_exceeded` before its transaction commits, so
// nothing of it is kept; the organization's total is checked again, exactly, under the
// org_usage row lock in the committing transaction.
import type { Quotas } from '../config.ts';
import type { OrgUsage } from '../db/org-usage.ts';
import { IngestError } from '../ingest/parsers.ts';

export class QuotaMeter {
  datapoints = 0;
  contentBytes = 0;
  private readonly quotas: Quotas;
  private readonly held: OrgUsage;
  constructor(quotas: Quotas, held: OrgUsage) {
    this.quotas = quotas;
    this.held = held;
  }

  /** Counts one datapoint of `json` (its content as JSON text); throws when a quota is crossed. */
  add(json: string): void {
    this.datapoints++;
    this.contentBytes += Buffer.byteLength(json);
    const q = this.quotas;
    if (this.datapoints > q.maxDatapointsPerRun)
      throw exceeded(`the run has more than ${q.maxDatapointsPerRun} datapoints, the most one run may write`);
    if (this.contentBytes > q.maxContentBytesPerRun)
      throw exceeded(`the run's contents are more than ${q.maxContentBytesPerRun} bytes, the most one run may write`);
    this.checkOrg(this.held);
  }

  /** Throws when the organization's holdings `total` (with this run) are over its quota. */
  checkOrg(held: OrgUsage, withRun = true): void {
    const q = this.quotas;
    const datapoints = held.datapoints + (withRun ? this.datapoints : 0);
    const bytes = held.contentBytes + (withRun ? this.contentBytes : 0);
    if (datapoints > q.maxDatapointsPerOrg)
      throw exceeded(`the organization would hold more than its quota of ${q.maxDatapointsPerOrg} datapoints`);
    if (bytes > q.maxContentBytesPerOrg)
      throw exceeded(`the organization would hold more than its quota of ${q.maxContentBytesPerOrg} bytes of content`);
  }
}

const exceeded = (what: string) => new IngestError(`${what}; nothing of this run was kept`, 'ingest_quota_exceeded');
