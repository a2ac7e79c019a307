// The Assay client: openapi-fetch typed by each published document (./generated/, written by
// `make codegen` from openapi.yaml), so every path, parameter, body and response is checked
// against the contract at compile time. The helpers below are what a caller writes around
// almost every call: the API key as a bearer token, an error envelope turned into an exception,
// and the waits the API asks for (an upload's run, a Proof Report being prepared).
import createClient, { type ClientOptions } from 'openapi-fetch';
import {
  AssayError,
  type DeveloperClient,
  type DeveloperPaths,
  type DeveloperSchemas,
  ok,
  sleep,
  type ValidatorClient,
  type ValidatorPaths,
  type WaitOptions,
} from './core.ts';

export interface DeveloperClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The developer API's base URL, with its server path: `https://assay.example.com/developer/v1`. */
  baseUrl: string;
  /** An API key (`assay_live_...`), sent as `Authorization: Bearer`. */
  apiKey: string;
}

export interface ValidatorClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The validator API's base URL: `https://assay.example.com/validator/v1`. */
  baseUrl: string;
  /** A validator session token (from `POST /sessions`); without one, only the sign-in operations answer. */
  sessionToken?: string;
}

function withBearer(headers: ClientOptions['headers'], token: string | undefined): Headers {
  const merged = new Headers(headers as ConstructorParameters<typeof Headers>[0]);
  if (token) merged.set('Authorization', `Bearer ${token}`);
  return merged;
}

/** A client of the developer API (`/developer/v1`), authenticated by an API key. */
export function developerClient({ apiKey, headers, ...options }: DeveloperClientOptions): DeveloperClient {
  return createClient<DeveloperPaths>({ ...options, headers: withBearer(headers, apiKey) });
}

/** A client of the validator API (`/validator/v1`), with a session token once signed in. */
export function validatorClient({ sessionToken, headers, ...options }: ValidatorClientOptions): ValidatorClient {
  return createClient<ValidatorPaths>({ ...options, headers: withBearer(headers, sessionToken) });
}

/**
 * The project's signed Proof Report, asking again while the API answers `proof_report_not_ready`
 * (a datapoint not terminal yet, or the report being built: then after its `Retry-After`).
 */
export async function waitForProofReport(
  client: DeveloperClient,
  projectId: string,
  { timeoutMs = 600_000, intervalMs = 500, signal }: WaitOptions = {},
): Promise<DeveloperSchemas['ProofReport']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await ok(client.GET('/projects/{projectId}/proof-report', { params: { path: { projectId } }, signal }));
    } catch (err) {
      if (!(err instanceof AssayError) || err.code !== 'proof_report_not_ready' || Date.now() > deadline) throw err;
      await sleep(err.retryAfter !== undefined ? err.retryAfter * 1000 : intervalMs, signal);
    }
  }
}

export {
  AssayError,
  type DeveloperClient,
  type DeveloperPaths,
  type DeveloperSchemas,
  ok,
  sleep,
  type ValidatorClient,
  type ValidatorPaths,
  type ValidatorSchemas,
  type WaitOptions,
} from './core.ts';
export { type UploadFile, type UploadOptions, type UploadResult, uploadFiles } from './upload.ts';
