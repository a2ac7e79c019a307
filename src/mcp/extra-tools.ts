// The MCP tools that have no REST counterpart: the recommended sequence, the spec authoring
// system prompt (with the spec's JSON Schema taken from the contract, so it cannot go stale),
// upload guidance per dataset format, and the polling wrappers wait_for_upload_session,
// wait_for_proof_report and (on the validator tool server) wait_for_work, which call their
// operations through the request pipeline (tools.ts).
import type { components } from '../generated/openapi-types.ts';
import { projectSpecSchema, type ExtraToolArguments, type ExtraToolName } from '../generated/mcp-tools.ts';
import type { ResultOf } from '../http/api.ts';
import type { OperationId } from '../generated/operations.ts';
import type { PublicRequestContext, RequestContext, ValidatorWorkContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { pollUntil } from '../domain/poll.ts';

/**
 * Runs an operation for the tool's caller through the request pipeline's last steps (validation,
 * the handler table); `ctx` replaces the caller's context (a wait tool's deadline).
 */
export type OperationCall = <K extends OperationId>(
  operationId: K,
  input: { params?: Record<string, unknown>; query?: Record<string, string>; body?: unknown },
  ctx?: PublicRequestContext,
) => Promise<ResultOf<K>>;

type DatasetType = components['schemas']['SpecDatasetFormat'];

const specSchema = projectSpecSchema;
const specExample = (specSchema.examples as unknown[] | undefined)?.[0];

const GET_STARTED = `Assay: recommended tool sequence for a new data-quality project.

1. spec_authoring_guide: read the system prompt and the JSON Schema of a project spec. If the user
   has a markdown description of the project, draft the spec JSON from it with that prompt.
2. project_creation_instruction (datasetType = the spec's dataset.format): how the data files must
   be shaped and uploaded.
3. create_project (name, spec): the spec is compiled and locked; the project is live at once.
   A spec error comes back as projectSpecInvalid with the path and the rule that failed
   (for example \`spec.validators.classes[1].type: must be one of human, ai\`): fix that field
   and call again.
4. list_project_classes (projectId): the validator classes the spec declared.
5. create_upload_session (projectId, files: [{relPath, size}]): returns one presigned PUT URL per
   file. Upload each file's bytes with a plain HTTP PUT to its uploadUrl, without an
   Authorization header (bytes never pass through a tool call). declare_upload_files adds files
   or refreshes URLs (they last one hour).
6. process_upload_session (projectId, uploadId, dryRun?, skipExisting?) starts ingestion;
   wait_for_upload_session polls until the run is ok or failed (get_upload_session_status
   gives one reading).
7. Roster: list_validators / lookup_validator, assign_validator, invite_validator; then
   get_datapoint_consensus per datapoint and get_proof_report for the signed report (a large
   project's report is built by a job: get_proof_report then answers proofReportNotReady saying
   it is being prepared, and wait_for_proof_report waits for it).

Every tool answers with the JSON body of its REST equivalent. A failure is a tool error whose
text starts with a camelCase code and a colon (for example \`projectNotFound: ...\`), followed by a
\`requestId:\` line to quote when asking for support. Lists are paginated: pass nextCursor as
cursor while hasMore is true.`;

function specAuthoringGuide(): string {
  return `SYSTEM PROMPT: drafting an Assay project spec

You turn a project description (usually markdown written by a person) into an Assay project
spec: one JSON object that validates against the JSON Schema below. Output only the JSON object,
with no commentary and no code fence, so it can be passed as the \`spec\` argument of
create_project.

Rules:
- Use only the fields of the schema; unknown fields are rejected.
- \`version\` is a semantic version of the spec itself ("1.0.0" for a first draft).
- \`dataset.format\` must match the files the user will upload: csv (header row), json (an array
  of objects), jsonl (one object per line), markdown_split (one datapoint per section at
  \`dataset.headingLevel\`), file_collection (one datapoint per file). Name the record's id column
  in \`dataset.idField\` and the columns validators rate in \`dataset.contentFields\` when the
  description gives them.
- \`validation.validatorsPerDatapoint\` is how many independent ratings each datapoint needs
  (3 is a good default); \`validation.instructions\` is what a validator reads before rating a
  datapoint 0-100: say what 100 and 0 mean, concretely.
- \`consensus\` (optional): \`minStrength\` in [0,1] is the agreement a datapoint needs to be
  final; below it the datapoint gets \`escalationStep\` more validators, at most
  \`maxEscalations\` times, after which it is final and marked contested.
- \`validators.classes\` (optional) declares kinds of validators: human or ai (an ai class names
  its \`model\`, a human class has \`model: null\`), their reward in cents, stake in wei (a string
  of digits) and \`consensusWeight\`, the relative weight of their votes.
- \`qualifications\` (optional) declare organization-wide fields; a key already used by another
  project with another type is refused as qualificationCatalogConflict.
- If the description leaves something required open, choose a conservative value and say so in
  \`description\`.

Message format: the user message holds the description; your reply is the JSON spec only. If the
service answers projectSpecInvalid, its message names the path and the rule
(\`spec.dataset.format: must be one of csv, json, jsonl, markdown_split, file_collection\`): correct
exactly that field and submit again.

JSON Schema of the spec:
${JSON.stringify(specSchema, null, 2)}

Worked example. Description: "We have 5,000 customer-support answers in a CSV with columns id,
question, answer. Three people should rate each answer for correctness; senior reviewers count
double; a GPT-class model may pre-rate." Spec:
${JSON.stringify(specExample ?? {}, null, 2)}`;
}

const COMMON_UPLOAD = `Upload steps (any format):
1. create_upload_session with projectId and files: [{relPath, size}] (1..1000 files per call;
   relPath 1..900 characters, relative, forward slashes, no leading slash, no \`..\`; size in bytes,
   at most 5 GiB, a cap: the object may be smaller, never larger).
2. PUT each file's bytes to its uploadUrl with no Authorization header. URLs last one hour;
   declare_upload_files with the same paths gives fresh ones (and updates sizes).
3. process_upload_session (dryRun: true first to check parsing without persisting anything;
   skipExisting: true to re-upload a file whose earlier rows are already datapoints).
4. wait_for_upload_session until status is ok; on failed, the run's errorMessage names the file
   and line; fix the file, re-upload it and process again.`;

const BY_TYPE: Record<DatasetType, string> = {
  csv: `Dataset format csv (RFC 4180).
- UTF-8 (a BOM is accepted), first row is the header, one datapoint per following row.
- Fields with commas, quotes or newlines are quoted with "; a quote inside is doubled ("").
- Every row has exactly as many fields as the header: a ragged row fails the run and names it.
- If the spec sets dataset.idField, that column must exist and be non-empty in every row.
- A datapoint's checksum is the SHA-256 of its canonical content; the same row twice in a project
  is refused unless skipExisting is set.`,
  json: `Dataset format json.
- Each file is one JSON array of objects: [{"id": "a1", "text": "..."}, ...]; it is read as a
  stream, so files may be large.
- Every element must be an object; with dataset.idField set, every object must carry that key.
- Invalid JSON fails the run and names the file and line.
- (For one object per line, use the jsonl format instead.)`,
  jsonl: `Dataset format jsonl (JSON Lines).
- Each file holds one JSON object per line, UTF-8, lines ending in \\n or \\r\\n; blank lines are
  skipped. Every other line is one datapoint.
- A line that is not valid JSON, or is JSON but not an object, fails the run and names the file
  and line.
- With dataset.idField set, every object must carry that key (non-empty).`,
  markdown_split: `Dataset format markdown_split.
- Each file is UTF-8 Markdown, split into one datapoint per section at the heading level the spec
  names in dataset.headingLevel (2 means every "## " heading starts a datapoint).
- Text before the first heading of that level is not a datapoint; deeper headings stay inside
  their section.
- The section's heading text is its title; keep headings unique within a file for readable ids.`,
  file_collection: `Dataset format file_collection.
- Every uploaded file is one datapoint (images, PDFs, audio, anything): its content is the object
  key, size, content type and SHA-256 of the bytes.
- Use relPath folders to organise files; the path is part of the datapoint's identity.
- Declare each file's exact or maximum size; processing checks each object against it.`,
};

function projectCreationInstruction(datasetType?: DatasetType): string {
  if (datasetType) return `${BY_TYPE[datasetType]}\n\n${COMMON_UPLOAD}`;
  return `${COMMON_UPLOAD}\n\nPer format (pass datasetType for one):\n\n${Object.values(BY_TYPE).join('\n\n')}`;
}

const POLL_MS = 500;

/** The key a wait counts under: the developer tools' API key, or the validator tools' AI validator key. */
function waiterOf(ctx: PublicRequestContext): string {
  const caller = ctx as Partial<RequestContext> & Partial<ValidatorWorkContext>;
  if (caller.auth) return caller.auth.keyId;
  if (caller.validator?.aiKey) return `ai:${caller.validator.aiKey.keyId}`;
  throw new Error('a wait tool needs a key caller');
}

/** Wait tools in flight per API key or AI validator key in this process (MCP_MAX_WAITS_PER_KEY bounds them). */
const waitsInFlight = new Map<string, number>();

/**
 * Runs a wait tool within the key's cap of waits in flight: each one is a long poll holding a
 * connection and asking the database every half second, so one key's many waits must not
 * crowd out every other caller. One more is `rate_limited`.
 */
async function capped<T>(ctx: PublicRequestContext, wait: () => Promise<T>): Promise<T> {
  const max = ctx.config.mcpMaxWaitsPerKey;
  const key = waiterOf(ctx);
  const n = waitsInFlight.get(key) ?? 0;
  if (n >= max)
    throw new ApiError(
      'rate_limited',
      `This key has ${max} wait tools running, as many as it may; wait for one to finish, or poll the ` +
        'status operation yourself.',
      undefined,
      { 'Retry-After': String(Math.ceil(POLL_MS / 1000) * 5) },
    );
  waitsInFlight.set(key, n + 1);
  try {
    return await wait();
  } finally {
    const left = (waitsInFlight.get(key) ?? 1) - 1;
    if (left > 0) waitsInFlight.set(key, left);
    else waitsInFlight.delete(key);
  }
}

/**
 * Polls the session's status (GET .../status) inside the call until its latest run has finished
 * (ok or failed) or `timeoutSeconds` pass. Returns the status body plus `timedOut`.
 */
async function waitForUploadSession(
  args: ExtraToolArguments['wait_for_upload_session'],
  ctx: PublicRequestContext,
  call: OperationCall,
): Promise<object> {
  const params = { projectId: args.projectId, uploadId: args.uploadId };
  const last = await capped(ctx, () =>
    pollUntil(
      Date.now() + args.timeoutSeconds * 1000,
      async () => {
        const { body } = await call('getUploadSessionStatus', { params });
        return { done: Boolean(body.run && body.run.status !== 'running'), value: body };
      },
      POLL_MS,
      ctx.signal,
    ),
  );
  return { ...last.value, timedOut: !last.done };
}

/**
 * The Proof Report as get_proof_report gives it, waiting inside the call, for the whole
 * `timeoutSeconds` at most: while it is being prepared (the operation watches its job's artifact
 * until the deadline) or while the project is not drained yet (asking again every half second).
 * Refusals that waiting cannot change are thrown at once. Which of the two "not ready" meanings
 * a timeout met is told by Retry-After, which only "being prepared" carries.
 */
async function waitForProofReport(
  args: ExtraToolArguments['wait_for_proof_report'],
  ctx: PublicRequestContext,
  call: OperationCall,
): Promise<object> {
  const deadline = Date.now() + args.timeoutSeconds * 1000;
  const waiting = { ...ctx, deadline };
  const last = await capped(ctx, () =>
    pollUntil<object>(
      deadline,
      async () => {
        try {
          const { body } = await call('getProofReport', { params: { projectId: args.projectId } }, waiting);
          return { done: true, value: { ...body, timedOut: false } };
        } catch (err) {
          if (!(err instanceof ApiError) || err.code !== 'proof_report_not_ready') throw err;
          const status = err.headers['Retry-After'] === undefined ? 'not_ready' : 'preparing';
          return { done: false, value: { timedOut: true, status, message: err.message } };
        }
      },
      POLL_MS,
      ctx.signal,
    ),
  );
  return last.value;
}

/** Refusals of claimSlot that waiting can change: nothing open yet, or the project paused for now. */
const WORK_MAY_COME = new Set(['no_claimable_slot', 'project_paused']);
/** An idle agent asks less and less often, from a quarter of a second up to every two seconds. */
const workPause = (n: number): number => Math.min(2000, 250 * 2 ** n);

/**
 * Claims the project's next datapoint for the validator, waiting inside the call while there is
 * nothing to claim (or the project is paused) for `timeoutSeconds` at most (the contract caps it).
 * Returns the claim as claimSlot gives it with `timedOut: false`, or `{timedOut: true, message}`.
 * Refusals that waiting cannot change are thrown at once.
 */
async function waitForWork(
  args: ExtraToolArguments['wait_for_work'],
  ctx: PublicRequestContext,
  call: OperationCall,
): Promise<object> {
  const last = await capped(ctx, () =>
    pollUntil<object>(
      Date.now() + args.timeoutSeconds * 1000,
      async () => {
        try {
          const { body } = await call('claimSlot', { params: { projectId: args.projectId } });
          return { done: true, value: { ...body, timedOut: false } };
        } catch (err) {
          if (!(err instanceof ApiError) || !WORK_MAY_COME.has(err.code)) throw err;
          return { done: false, value: { timedOut: true, message: err.message } };
        }
      },
      workPause,
      // The agent left: stop asking, so no claim is taken for no one.
      ctx.signal,
    ),
  );
  return last.value;
}

/** Tools without a REST counterpart (x-mcp-extra-tools), by name; arguments as validated. */
export const guideTools: {
  [K in ExtraToolName]: (
    args: ExtraToolArguments[K],
    ctx: PublicRequestContext,
    call: OperationCall,
  ) => Promise<string | object>;
} = {
  get_started: async () => GET_STARTED,
  spec_authoring_guide: async () => specAuthoringGuide(),
  project_creation_instruction: async (args) => projectCreationInstruction(args.datasetType),
  wait_for_upload_session: waitForUploadSession,
  wait_for_proof_report: waitForProofReport,
  wait_for_work: waitForWork,
};
