// One entry per operation of the contract (src/generated/operations.ts), keyed by operationId:
// how to make a fresh target resource in organization A and a valid request on it, and what a
// caller of organization B must get for that same request. The generated access tests
// (access.test.ts) run every entry over REST and every MCP tool of the operation; an operation
// without an entry fails them, so coverage cannot silently drop when the contract grows.
import type { OperationId } from '../../src/generated/operations.ts';
import type { ErrorCode } from '../../src/errors.ts';
import { call, type TestApp } from '../helpers/app.ts';
import * as fx from '../helpers/fixtures.ts';
import { issueSignInLink } from '../../src/validator/sign-in-links.ts';
import { TEST_SECRETS_KEY } from '../helpers/config.ts';

export interface World {
  app: TestApp;
  /** A validator of organization A with a session (the owner of validator-API requests). */
  validatorA: { id: string; email: string; sessionToken: string };
  /** A validator of organization B with a session (the foreign caller of validator-API requests). */
  validatorB: { id: string; email: string; sessionToken: string };
  /** An AI validator of organization B with its key (the foreign caller of the validator tools at /validator/mcp). */
  aiValidatorB: { id: string; key: string };
}

/** The World over a started test app: one validator with a session in each organization. */
export async function worldOf(app: TestApp): Promise<World> {
  const a = await fx.member(app, app.orgA.id, { validator: true });
  const b = await fx.member(app, app.orgB.id, { validator: true });
  const aiB = await fx.aiValidator(app, await fx.project(app, { key: app.orgB.originatorKey }), app.orgB.originatorKey);
  return {
    app,
    validatorA: { ...a, sessionToken: (await fx.signInDirect(app, a.email)).sessionToken },
    validatorB: { ...b, sessionToken: (await fx.signInDirect(app, b.email)).sessionToken },
    aiValidatorB: aiB,
  };
}

export interface Req {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** The owner's credential when it is not organization A's originator key / validatorA's session. */
  key?: string | null;
}

type CrossOrg =
  /** The registry's not-found code the foreign caller gets (its status comes from the registry). */
  | ErrorCode
  /** The contract declares no 404: the foreign caller gets a successful empty list. */
  | { emptyList: string }
  /** Nothing in the request names a resource of another organization. */
  | { notScoped: string };

export interface OperationFixture {
  /** Makes fresh resources in organization A and returns a request its owner may send (success expected). */
  request(w: World): Promise<Req>;
  crossOrg: CrossOrg;
  /**
   * Ids in the request body that name a resource (every `format: uuid` field of the body schema,
   * test/contract/body-ids.test.ts checks the list is complete): the field as the error's `param`
   * names it (first array element) and the not-found code the owner gets when it names another
   * organization's resource instead.
   */
  bodyIds?: Record<string, ErrorCode>;
}

const CSV = 'id,question,answer\n1,q,a\n';

/** A project with datapoints that have open slots, validatorA assigned to it. */
async function claimableProject(w: World): Promise<string> {
  const projectId = await fx.project(w.app);
  await fx.addDatapoints(w.app.sql, projectId, 1, { slotsPerDatapoint: 3 });
  await fx.assign(w.app, w.validatorA.id, projectId);
  return projectId;
}

/** A slot validatorA holds a live claim on (claimed through the validator API). */
async function claimedSlot(w: World): Promise<string> {
  const projectId = await claimableProject(w);
  const res = await call(w.app, 'claimSlot', { key: w.validatorA.sessionToken, params: { projectId } });
  if (res.status !== 201) throw new Error(`claim fixture: ${JSON.stringify(res.body)}`);
  return res.body.slotId;
}

const signInToken = async (w: World): Promise<string> => {
  const { token } = await w.app.sql.begin((tx) =>
    issueSignInLink(tx, { email: w.validatorA.email, publicBaseUrl: 'http://127.0.0.1', secretsKey: TEST_SECRETS_KEY }),
  );
  return token;
};

/** A session of organization A's originator (the owner of the originator-view requests), made once. */
const originatorSessions = new WeakMap<World, Promise<string>>();
function originatorSession(w: World): Promise<string> {
  let s = originatorSessions.get(w);
  if (!s) {
    s = fx.signInDirect(w.app, `owner-${w.app.orgA.code.toLowerCase()}@example.com`).then((r) => r.sessionToken);
    originatorSessions.set(w, s);
  }
  return s;
}

export const operationFixtures: Record<OperationId, OperationFixture> = {
  ping: { request: async () => ({}), crossOrg: { notScoped: 'names no resource' } },
  listProjects: { request: async () => ({}), crossOrg: { notScoped: "lists the caller's own organization" } },
  createProject: {
    request: async () => ({
      body: {
        name: 'Created',
        spec: {
          version: '1.0.0',
          dataset: { format: 'jsonl' },
          validation: { validatorsPerDatapoint: 2, instructions: 'Rate.' },
        },
      },
    }),
    crossOrg: { notScoped: "creates in the caller's own organization" },
  },
  getProject: {
    request: async (w) => ({ params: { projectId: await fx.project(w.app) } }),
    crossOrg: 'project_not_found',
  },
  updateProject: {
    request: async (w) => ({
      params: { projectId: await fx.project(w.app) },
      body: { paused: true, description: 'changed' },
    }),
    crossOrg: 'project_not_found',
  },
  getProofReport: {
    request: async (w) => ({ params: { projectId: (await fx.finalizedProject(w.app)).projectId } }),
    crossOrg: 'project_not_found',
  },
  getDatapointInclusionProof: {
    request: async (w) => {
      const { projectId, datapointIds } = await fx.finalizedProject(w.app);
      return { params: { projectId, datapointId: datapointIds[1]! } };
    },
    crossOrg: 'project_not_found',
  },
  getProofReportConsistency: {
    request: async (w) => {
      const { projectId } = await fx.finalizedProject(w.app);
      const report = await call(w.app, 'getProofReport', { params: { projectId } });
      return { params: { projectId }, query: { from: report.body.reportId } };
    },
    crossOrg: 'project_not_found',
  },
  getProofReportCheckpoint: {
    request: async (w) => {
      const { projectId } = await fx.finalizedProject(w.app);
      await call(w.app, 'getProofReport', { params: { projectId } });
      return { params: { projectId } };
    },
    crossOrg: 'project_not_found',
  },
  getJwks: { request: async () => ({ key: null }), crossOrg: { notScoped: 'public, the same for everyone' } },
  getReportExport: {
    request: async (w) => ({
      params: { projectId: (await fx.finalizedProject(w.app)).projectId },
      query: { format: 'json' },
    }),
    crossOrg: 'project_not_found',
  },
  listProjectClasses: {
    request: async (w) => ({ params: { projectId: await fx.project(w.app) } }),
    crossOrg: 'project_not_found',
  },
  grantValidatorClass: {
    request: async (w) => {
      const v = await fx.member(w.app, w.app.orgA.id, { validator: true });
      return {
        params: { projectId: await fx.project(w.app), validatorId: v.id },
        body: { classId: 'senior', evidenceNote: 'Certified' },
      };
    },
    crossOrg: 'project_not_found',
  },
  revokeValidatorClass: {
    request: async (w) => {
      const v = await fx.member(w.app, w.app.orgA.id, { validator: true });
      const projectId = await fx.project(w.app);
      const granted = await call(w.app, 'grantValidatorClass', {
        params: { projectId, validatorId: v.id },
        body: { classId: 'senior', evidenceNote: 'Certified' },
      });
      if (granted.status !== 200) throw new Error(JSON.stringify(granted.body));
      return { params: { projectId, validatorId: v.id, classId: 'senior' } };
    },
    crossOrg: 'project_not_found',
  },
  listProjectInvites: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      await fx.invite(w.app, projectId);
      return { params: { projectId } };
    },
    crossOrg: 'project_not_found',
  },
  createInvite: {
    request: async (w) => ({
      params: { projectId: await fx.project(w.app) },
      body: { email: 'new-invitee@example.com', sendEmail: false },
    }),
    crossOrg: 'project_not_found',
  },
  cancelProjectInvite: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      return { params: { projectId, inviteId: (await fx.invite(w.app, projectId)).id } };
    },
    crossOrg: 'project_not_found',
  },
  listValidators: { request: async (w) => ({ query: { email: w.validatorA.email } }), crossOrg: 'validator_not_found' },
  listValidatorProjects: {
    request: async (w) => {
      await fx.assign(w.app, w.validatorA.id, await fx.project(w.app));
      return { params: { validatorId: w.validatorA.id } };
    },
    crossOrg: {
      emptyList: "the contract declares no 404 here: another organization's validator has no assignments in mine",
    },
  },
  assignValidator: {
    request: async (w) => {
      const v = await fx.member(w.app, w.app.orgA.id, { validator: true });
      return { params: { validatorId: v.id }, body: { projects: [{ id: await fx.project(w.app) }] } };
    },
    crossOrg: 'validator_not_found',
    bodyIds: { 'projects[0].id': 'project_not_found' },
  },
  createAiValidator: {
    request: async (w) => ({ body: { name: 'Judge', projects: [{ id: await fx.project(w.app), classId: 'gpt' }] } }),
    crossOrg: { notScoped: "creates in the caller's own organization" },
    bodyIds: { 'projects[0].id': 'project_not_found' },
  },
  getAiValidator: {
    request: async (w) => ({ params: { validatorId: (await fx.aiValidator(w.app, await fx.project(w.app))).id } }),
    crossOrg: 'validator_not_found',
  },
  createAiValidatorKey: {
    request: async (w) => ({
      params: { validatorId: (await fx.aiValidator(w.app, await fx.project(w.app))).id },
      body: { name: 'second' },
    }),
    crossOrg: 'validator_not_found',
  },
  revokeAiValidatorKey: {
    request: async (w) => {
      const ai = await fx.aiValidator(w.app, await fx.project(w.app));
      return { params: { validatorId: ai.id, keyId: ai.keyId } };
    },
    crossOrg: 'validator_not_found',
  },
  unassignValidator: {
    request: async (w) => {
      const v = await fx.member(w.app, w.app.orgA.id, { validator: true });
      const projectId = await fx.project(w.app);
      await fx.assign(w.app, v.id, projectId);
      return { params: { validatorId: v.id }, body: { projectIds: [projectId] } };
    },
    crossOrg: 'validator_not_found',
    bodyIds: { 'projectIds[0]': 'project_not_found' },
  },
  createUploadSession: {
    request: async (w) => ({
      params: { projectId: await fx.project(w.app) },
      body: { files: [{ relPath: 'a.csv', size: CSV.length }] },
    }),
    crossOrg: 'project_not_found',
  },
  getUploadSession: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      return { params: { projectId, uploadId: await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }) } };
    },
    crossOrg: 'project_not_found',
  },
  declareUploadFiles: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      return {
        params: { projectId, uploadId: await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }) },
        body: { files: [{ relPath: 'b.csv', size: CSV.length }] },
      };
    },
    crossOrg: 'project_not_found',
  },
  uploadFile: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      return {
        params: { projectId, uploadId: await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }) },
        query: { path: 'c.csv', size: CSV.length },
      };
    },
    crossOrg: 'project_not_found',
  },
  processUploadSession: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      return {
        params: { projectId, uploadId: await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }, { put: true }) },
        body: { dryRun: true },
      };
    },
    crossOrg: 'project_not_found',
  },
  getUploadSessionStatus: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      return { params: { projectId, uploadId: await fx.uploadSession(w.app, projectId, { 'a.csv': CSV }) } };
    },
    crossOrg: 'project_not_found',
  },
  listDatapoints: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      await fx.addDatapoints(w.app.sql, projectId, 2, { slotsPerDatapoint: 3 });
      return { params: { projectId } };
    },
    crossOrg: 'project_not_found',
  },
  getDatapointConsensus: {
    request: async (w) => ({ params: { datapointId: (await fx.finalizedProject(w.app)).datapointIds[0]! } }),
    crossOrg: 'datapoint_not_found',
  },
  listWebhookEndpoints: { request: async () => ({}), crossOrg: { notScoped: "lists the caller's own organization" } },
  createWebhookEndpoint: {
    request: async () => ({ body: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['datapoint.consensus_reached'] } }),
    crossOrg: { notScoped: "creates in the caller's own organization" },
  },
  getWebhookEndpoint: {
    request: async (w) => ({ params: { webhookEndpointId: await fx.webhookEndpoint(w.app) } }),
    crossOrg: 'webhook_endpoint_not_found',
  },
  deleteWebhookEndpoint: {
    request: async (w) => ({ params: { webhookEndpointId: await fx.webhookEndpoint(w.app) } }),
    crossOrg: 'webhook_endpoint_not_found',
  },
  rotateWebhookEndpointSecret: {
    request: async (w) => ({ params: { webhookEndpointId: await fx.webhookEndpoint(w.app) } }),
    crossOrg: 'webhook_endpoint_not_found',
  },
  listWebhookAttempts: {
    request: async (w) => ({ params: { webhookEndpointId: await fx.webhookEndpoint(w.app) } }),
    crossOrg: 'webhook_endpoint_not_found',
  },
  requestSignInLink: {
    request: async (w) => ({ key: null, body: { email: w.validatorA.email } }),
    crossOrg: { notScoped: 'public; answers the same 202 for every address' },
  },
  followSignInLink: {
    request: async (w) => ({ key: null, query: { token: await signInToken(w) } }),
    crossOrg: { notScoped: 'public; the token is the credential' },
  },
  createValidatorSession: {
    request: async (w) => ({ key: null, body: { token: await signInToken(w) } }),
    crossOrg: { notScoped: 'public; the token is the credential' },
  },
  inspectSignInLink: {
    request: async (w) => ({ key: null, body: { token: await signInToken(w) } }),
    crossOrg: { notScoped: 'public; the token is the credential' },
  },
  deleteValidatorSession: {
    request: async (w) => ({ key: (await fx.signInDirect(w.app, w.validatorA.email)).sessionToken }),
    crossOrg: { notScoped: "signs out the caller's own session" },
  },
  listMyProjects: { request: async () => ({}), crossOrg: { notScoped: "lists the caller's own assignments" } },
  listMyInvites: { request: async () => ({}), crossOrg: { notScoped: "lists the caller's own address's invites" } },
  acceptMyInvite: {
    request: async (w) => ({
      params: { inviteId: (await fx.invite(w.app, await fx.project(w.app), { email: w.validatorA.email })).id },
    }),
    crossOrg: 'invite_not_found',
  },
  claimSlot: {
    request: async (w) => ({ params: { projectId: await claimableProject(w) } }),
    crossOrg: 'project_not_found',
  },
  releaseClaim: { request: async (w) => ({ params: { slotId: await claimedSlot(w) } }), crossOrg: 'claim_not_found' },
  submitVote: {
    request: async (w) => ({ params: { slotId: await claimedSlot(w) }, body: { rating: 60, comment: 'fine' } }),
    crossOrg: 'claim_not_found',
  },
  listMyClaims: {
    request: async (w) => ({ params: { projectId: await claimableProject(w) } }),
    crossOrg: 'project_not_found',
  },
  listMyVotes: {
    request: async (w) => ({ params: { projectId: await claimableProject(w) }, query: { limit: 5 } }),
    crossOrg: 'project_not_found',
  },
  skipClaim: {
    request: async (w) => ({
      params: { slotId: await claimedSlot(w) },
      body: { reason: 'I do not read this language' },
    }),
    crossOrg: 'claim_not_found',
  },
  extendClaim: { request: async (w) => ({ params: { slotId: await claimedSlot(w) } }), crossOrg: 'claim_not_found' },
  changeVote: {
    request: async (w) => {
      const slotId = await claimedSlot(w);
      const voted = await call(w.app, 'submitVote', {
        key: w.validatorA.sessionToken,
        params: { slotId },
        body: { rating: 8 },
      });
      if (voted.status !== 200) throw new Error(`vote fixture: ${JSON.stringify(voted.body)}`);
      return { params: { slotId }, body: { rating: 85, comment: 'typo' } };
    },
    crossOrg: 'claim_not_found',
  },
  getMe: { request: async () => ({}), crossOrg: { notScoped: 'names the caller' } },
  getMyStanding: {
    request: async (w) => ({ params: { projectId: await claimableProject(w) } }),
    crossOrg: 'project_not_found',
  },
  setGoldItems: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      const [datapointId] = await fx.addDatapoints(w.app.sql, projectId, 1, { slotsPerDatapoint: 2 });
      return { params: { projectId }, body: { items: [{ datapointId: datapointId!, expectedRating: 70 }] } };
    },
    crossOrg: 'project_not_found',
    bodyIds: { 'items[0].datapointId': 'datapoint_not_found' },
  },
  listGoldItems: {
    request: async (w) => ({ params: { projectId: await fx.project(w.app) } }),
    crossOrg: 'project_not_found',
  },
  listValidatorQuality: {
    request: async (w) => ({ params: { projectId: await claimableProject(w) } }),
    crossOrg: 'project_not_found',
  },
  exportValidatorQuality: {
    request: async (w) => ({ params: { projectId: await claimableProject(w) }, query: { format: 'csv' } }),
    crossOrg: 'project_not_found',
  },
  resumeValidator: {
    request: async (w) => ({ params: { projectId: await claimableProject(w), validatorId: w.validatorA.id } }),
    crossOrg: 'project_not_found',
  },
  // The originator view: organization A's originator with a session; organization B's validator
  // (validatorB) is the foreign caller and finds nothing.
  listOriginatorProjects: {
    request: async (w) => ({ key: await originatorSession(w) }),
    crossOrg: { notScoped: "lists the caller's own organizations' projects" },
  },
  getProjectOverview: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: (await fx.finalizedProject(w.app)).projectId },
    }),
    crossOrg: 'project_not_found',
  },
  getOriginatorValidatorQuality: {
    request: async (w) => ({ key: await originatorSession(w), params: { projectId: await claimableProject(w) } }),
    crossOrg: 'project_not_found',
  },
  exportOriginatorValidatorQuality: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: await claimableProject(w) },
      query: { format: 'json' },
    }),
    crossOrg: 'project_not_found',
  },
  resumeOriginatorValidator: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: await claimableProject(w), validatorId: w.validatorA.id },
    }),
    crossOrg: 'project_not_found',
  },
  updateOriginatorProject: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: (await fx.finalizedProject(w.app)).projectId },
      body: { paused: true },
    }),
    crossOrg: 'project_not_found',
  },
  createOriginatorInvite: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: await fx.project(w.app) },
      body: { email: 'invited-in-the-browser@example.com', sendEmail: false },
    }),
    crossOrg: 'project_not_found',
  },
  listOriginatorInvites: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      await fx.invite(w.app, projectId);
      return { key: await originatorSession(w), params: { projectId }, query: { limit: 5 } };
    },
    crossOrg: 'project_not_found',
  },
  cancelOriginatorInvite: {
    request: async (w) => {
      const projectId = await fx.project(w.app);
      return {
        key: await originatorSession(w),
        params: { projectId, inviteId: (await fx.invite(w.app, projectId)).id },
      };
    },
    crossOrg: 'project_not_found',
  },
  listOriginatorDatapoints: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: (await fx.finalizedProject(w.app)).projectId },
      query: { status: 'terminal', minRating: 0, maxRating: 100, limit: 5 },
    }),
    crossOrg: 'project_not_found',
  },
  getOriginatorDatapoint: {
    request: async (w) => {
      const { projectId, datapointIds } = await fx.finalizedProject(w.app);
      return { key: await originatorSession(w), params: { projectId, datapointId: datapointIds[0] } };
    },
    crossOrg: 'project_not_found',
  },
  getOriginatorProofReport: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: (await fx.finalizedProject(w.app)).projectId },
    }),
    crossOrg: 'project_not_found',
  },
  getOriginatorReportExport: {
    request: async (w) => ({
      key: await originatorSession(w),
      params: { projectId: (await fx.finalizedProject(w.app)).projectId },
      query: { format: 'json' },
    }),
    crossOrg: 'project_not_found',
  },
};
