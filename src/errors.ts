// The error registry: every error the API can return is one of the contract's ErrorCode values,
// with one HTTP status and one type each. Every layer (http, handlers, services, db, jobs) throws
// ApiError, so this module depends on nothing but the generated contract types; one normalizer
// (asApiError in src/http/pipeline.ts) turns whatever was thrown into one, which the REST writer
// (src/http/respond.ts) sends as the envelope and MCP (src/mcp/tools.ts) as a tool error with the
// same code. Anything else thrown is reported as internal_error and its text never reaches the client.
import type { components } from './generated/openapi-types.ts';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorType = components['schemas']['Error']['type'];
export type ErrorBody = components['schemas']['ErrorEnvelope'];

interface Entry {
  status: number;
  type: ErrorType;
  message: string;
}

const invalid = (message: string): Entry => ({ status: 400, type: 'invalid_request_error', message });
const auth = (message: string): Entry => ({ status: 401, type: 'authentication_error', message });
const forbidden = (message: string): Entry => ({ status: 403, type: 'permission_error', message });
const notFound = (message: string): Entry => ({ status: 404, type: 'not_found_error', message });
const conflict = (message: string): Entry => ({ status: 409, type: 'conflict_error', message });

// `satisfies Record<ErrorCode, Entry>`: adding a code to openapi.yaml without an entry here,
// or keeping one the contract dropped, fails the type check.
export const ERRORS = {
  api_key_missing: auth('Missing or invalid Authorization header; send `Authorization: Bearer <API key>`.'),
  api_key_malformed: auth(
    'The API key does not have the expected format (`assay_live_` followed by 32 letters and digits).',
  ),
  api_key_invalid: auth('The API key is invalid, revoked or expired.'),
  parameter_invalid: invalid('A request parameter is invalid.'),
  request_body_invalid: invalid('The request body is invalid.'),
  request_body_malformed: invalid('The request body is not valid JSON.'),
  unknown_endpoint: notFound('Unknown endpoint.'),
  method_not_allowed: {
    status: 405,
    type: 'invalid_request_error',
    message: 'This endpoint does not support that method.',
  },
  api_key_actor_unavailable: forbidden(
    'The API key has no user, or its creator is no longer a member of this organization.',
  ),
  not_org_originator: forbidden('The owner of this API key is not an originator of the organization.'),
  project_not_found: notFound('Project not found.'),
  project_already_active: conflict('The project is already active.'),
  project_spec_invalid: invalid('The project spec is invalid.'),
  qualification_catalog_conflict: conflict("A qualification field conflicts with the organization's existing catalog."),
  upload_session_not_found: notFound('Upload session not found.'),
  upload_session_not_open: conflict('The upload session is no longer open for new files.'),
  upload_session_not_ready: conflict('Cannot start a run: one is in flight or the session is already complete.'),
  upload_no_files: invalid('No files declared.'),
  upload_file_path_invalid: invalid('A declared path is absolute or escapes the session folder.'),
  upload_id_required: invalid('Upload session ID required.'),
  upload_files_missing: conflict('Declared files are not uploaded yet.'),
  project_spec_missing: conflict('The project has no compiled spec.'),
  validator_not_found: notFound('Validator not found in this organization.'),
  class_not_in_spec: invalid("The classId is not declared in the project's validator spec."),
  invite_not_found: notFound('Invite not found.'),
  invite_already_accepted: conflict('An accepted invite cannot be cancelled.'),
  datapoint_not_found: notFound('Datapoint not found in the organization.'),
  consensus_not_finalized: conflict('The datapoint has not reached terminal consensus.'),
  proof_report_not_found: notFound('No Proof Report with this id in the project.'),
  proof_report_not_ready: notFound('The dataset has not finished draining; no finalized report yet.'),
  proof_report_signing_unavailable: {
    status: 503,
    type: 'api_error',
    message: 'Report signing is not configured for this deployment.',
  },
  report_not_ready: conflict('Nothing has finalized yet; there is no report to export.'),
  internal_error: { status: 500, type: 'api_error', message: 'Internal server error.' },
  webhook_endpoint_not_found: notFound('Webhook endpoint not found in the organization.'),
  // Validator API (/validator/v1).
  session_token_missing: auth(
    'Missing or invalid Authorization header; send `Authorization: Bearer <validator session token>` (from POST ' +
      '/validator/v1/sessions).',
  ),
  session_token_malformed: auth(
    'The token is not a validator session token (`assay_vs_` followed by 43 characters); developer API keys and ' +
      'AI validator keys are not accepted here.',
  ),
  session_token_invalid: auth('The validator session is invalid, expired or signed out; sign in again.'),
  sign_in_link_invalid: invalid('The sign-in link is unknown, expired or already used; request a new one.'),
  project_paused: conflict('The project is paused; nothing can be claimed or rated until it resumes.'),
  project_archived: conflict('The project is archived; nothing can be claimed or rated.'),
  no_claimable_slot: conflict(
    'Nothing to claim in this project right now: every open slot is taken or is of a datapoint you already rated or ' +
      'hold.',
  ),
  claim_limit_reached: conflict(
    'You hold the most live claims allowed on this project; vote on or release one before claiming another.',
  ),
  claim_not_found: notFound('You hold no claim on this slot.'),
  claim_expired: conflict('Your claim on this slot has expired; claim again.'),
  already_voted: conflict('You have already rated this datapoint.'),
  datapoint_finalized: conflict(
    'The datapoint reached terminal consensus before your vote; nothing was recorded. Claim another.',
  ),
  claim_already_extended: conflict('This claim was extended once already; rate or skip it before it runs out.'),
  vote_not_changeable: conflict(
    'This vote can no longer be changed: only your latest vote, within 2 minutes, on a datapoint not yet decided.',
  ),
  // Safe multi-tenant operation (docs/security.md).
  request_body_too_large: {
    status: 413,
    type: 'invalid_request_error',
    message: 'The request body is larger than this operation accepts.',
  },
  idempotency_key_reused: {
    status: 422,
    type: 'invalid_request_error',
    message: 'This Idempotency-Key was used with another request.',
  },
  idempotency_key_in_use: conflict('A request with this Idempotency-Key is still being processed.'),
  rate_limited: {
    status: 429,
    type: 'invalid_request_error',
    message: 'Too many requests; retry after the number of seconds in Retry-After.',
  },
  webhook_endpoint_limit_reached: conflict(
    'The organization has as many webhook endpoints as it may have; delete one first.',
  ),
  // Quotas of content, files and sessions (docs/security.md, "Quotas").
  upload_file_limit_reached: conflict(
    'The upload session holds as many files as a session may; process it and declare more files on a new session.',
  ),
  upload_session_limit_reached: conflict(
    'The organization has as many open upload sessions as it may; process one (or use an open one) first.',
  ),
  ingest_quota_exceeded: conflict(
    'The ingest run would exceed a quota of datapoints or stored content bytes; nothing of it was kept.',
  ),
  invite_limit_reached: conflict(
    'The organization has created as many invites in the last 24 hours as it may; invite more later.',
  ),
  // An ingest run's errorCode only: the files were refused by a reader's limit or budget.
  ingest_file_invalid: invalid('A file of the run is malformed, over a limit of the reader, or repeats a content.'),
  // Gold items and validator pauses (docs/quality.md).
  validator_paused: conflict(
    "You are paused on this project: your error on the project's gold items is above its threshold. " +
      "The project's originator can lift the pause.",
  ),
  datapoint_has_votes: conflict(
    'The datapoint has votes that count toward consensus, or is terminal; ' +
      'only a datapoint nobody rated can become a gold item.',
  ),
  // AI validators and their keys (/validator/mcp, the validation operations of /validator/v1).
  ai_validator_key_missing: auth(
    'Missing or invalid Authorization header; send `Authorization: Bearer <AI validator key>` (from POST ' +
      '/developer/v1/ai-validators).',
  ),
  ai_validator_key_malformed: auth(
    "The token is not an AI validator key (`assay_ai_` followed by 43 characters); a person's session and " +
      'developer API keys are not accepted here.',
  ),
  ai_validator_key_invalid: auth('The AI validator key is unknown or revoked.'),
  ai_validator_key_not_found: notFound('No such key of this AI validator.'),
  ai_class_required: invalid('An AI validator holds an AI class (type ai) on every project it is assigned to.'),
  // A dependency (database, object storage) did not answer: sent with Retry-After (docs/operations.md).
  service_unavailable: {
    status: 503,
    type: 'api_error',
    message: 'The service is temporarily unavailable; retry shortly.',
  },
} as const satisfies Record<ErrorCode, Entry>;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: ErrorType;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, param?: string, headers: Record<string, string> = {}) {
    const entry: Entry = ERRORS[code];
    super(message ?? entry.message);
    this.name = 'ApiError';
    this.code = code;
    this.status = entry.status;
    this.type = entry.type;
    this.param = param;
    this.headers = headers;
  }

  body(requestId: string): ErrorBody {
    return {
      error: {
        type: this.type,
        code: this.code,
        message: this.message,
        ...(this.param !== undefined ? { param: this.param } : {}),
      },
      requestId,
    };
  }
}

/** Anything that is not an ApiError becomes internal_error; the original is for the log only. */
export function toApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError('internal_error');
}

/** `project_spec_invalid` -> `projectSpecInvalid`, the spelling MCP tool errors use. */
export const camelCode = (code: string): string => code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Errors that name the resource, for the refusals several modules share: one wording and one
 * `param` per code. The path parameter is the default `param`; a body field can be named instead
 * (`errors.projectNotFound(id, 'projects[2].id')`).
 */
export const errors = {
  projectNotFound: (projectId: string, param = 'projectId'): ApiError =>
    new ApiError('project_not_found', `No project ${projectId} in this organization.`, param),
  uploadSessionNotFound: (uploadId: string): ApiError =>
    new ApiError('upload_session_not_found', `No upload session ${uploadId} in this project.`, 'uploadId'),
  validatorNotFound: (userId: string): ApiError =>
    new ApiError('validator_not_found', `No validator ${userId} in this organization.`, 'validatorId'),
  datapointNotFound: (datapointId: string, scope = 'this organization'): ApiError =>
    new ApiError('datapoint_not_found', `No datapoint ${datapointId} in ${scope}.`, 'datapointId'),
  webhookEndpointNotFound: (webhookEndpointId: string): ApiError =>
    new ApiError(
      'webhook_endpoint_not_found',
      `No webhook endpoint ${webhookEndpointId} in this organization.`,
      'webhookEndpointId',
    ),
  /** A classId the project's spec does not declare. */
  classNotInSpec: (classId: string, param = 'classId', projectId?: string): ApiError =>
    new ApiError(
      'class_not_in_spec',
      `Class \`${classId}\` is not declared in ` +
        `${projectId ? `the spec of project ${projectId}` : "this project's spec"}.`,
      param,
    ),
};
