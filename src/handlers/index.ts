// The handler table: one entry per operationId of openapi.yaml. Api.create refuses to start when
// an operation has no handler, so this object and the contract cannot drift apart.
import type { Handlers } from '../http/api.ts';
import { ping } from './system.ts';
import { createProject, getProject, listProjects, updateProject } from './projects.ts';
import { grantValidatorClass, listProjectClasses, revokeValidatorClass } from './classes.ts';
import { assignValidator, listValidatorProjects, listValidators, unassignValidator } from './validators.ts';
import { cancelProjectInvite, createInvite, listProjectInvites } from './invites.ts';
import {
  createUploadSession,
  declareUploadFiles,
  getUploadSession,
  getUploadSessionStatus,
  processUploadSession,
  uploadFile,
} from './uploads.ts';
import { getDatapointConsensus, listDatapoints } from './datapoints.ts';
import {
  acceptMyInvite,
  createValidatorSession,
  inspectSignInLink,
  deleteValidatorSession,
  followSignInLink,
  listMyInvites,
  requestSignInLink,
} from './validator-sign-in.ts';
import {
  changeVote,
  claimSlot,
  extendClaim,
  getMyStanding,
  listMyClaims,
  listMyProjects,
  listMyVotes,
  releaseClaim,
  skipClaim,
  submitVote,
} from './validator-work.ts';
import { listGoldItems, setGoldItems } from './gold.ts';
import { exportValidatorQuality, listValidatorQuality, resumeValidator } from './validator-quality.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookAttempts,
  listWebhookEndpoints,
  rotateWebhookEndpointSecret,
} from './webhooks.ts';
import { getMe } from './me.ts';
import { createAiValidator, createAiValidatorKey, getAiValidator, revokeAiValidatorKey } from './ai-validators.ts';
import {
  getOriginatorProofReport,
  getOriginatorReportExport,
  getOriginatorValidatorQuality,
  resumeOriginatorValidator,
  exportOriginatorValidatorQuality,
  getProjectOverview,
  getOriginatorDatapoint,
  listOriginatorDatapoints,
  updateOriginatorProject,
  listOriginatorProjects,
  createOriginatorInvite,
  listOriginatorInvites,
  cancelOriginatorInvite,
} from './originator.ts';
import {
  getDatapointInclusionProof,
  getJwks,
  getProofReport,
  getProofReportCheckpoint,
  getProofReportConsistency,
  getReportExport,
} from './reports.ts';

const handlers: Handlers = {
  ping,
  createProject,
  listProjects,
  getProject,
  updateProject,
  listProjectClasses,
  grantValidatorClass,
  revokeValidatorClass,
  listValidators,
  listValidatorProjects,
  assignValidator,
  unassignValidator,
  createAiValidator,
  getAiValidator,
  createAiValidatorKey,
  revokeAiValidatorKey,
  createInvite,
  listProjectInvites,
  cancelProjectInvite,
  createUploadSession,
  declareUploadFiles,
  getUploadSession,
  uploadFile,
  processUploadSession,
  getUploadSessionStatus,
  listDatapoints,
  getDatapointConsensus,
  setGoldItems,
  listGoldItems,
  listValidatorQuality,
  exportValidatorQuality,
  resumeValidator,
  getMyStanding,
  getOriginatorValidatorQuality,
  resumeOriginatorValidator,
  exportOriginatorValidatorQuality,
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookEndpointSecret,
  listWebhookAttempts,
  getProofReport,
  getDatapointInclusionProof,
  getProofReportConsistency,
  getProofReportCheckpoint,
  getJwks,
  getReportExport,
  requestSignInLink,
  followSignInLink,
  createValidatorSession,
  inspectSignInLink,
  listMyInvites,
  acceptMyInvite,
  deleteValidatorSession,
  listMyProjects,
  claimSlot,
  releaseClaim,
  listMyClaims,
  listMyVotes,
  skipClaim,
  extendClaim,
  changeVote,
  submitVote,
  getMe,
  listOriginatorProjects,
  getProjectOverview,
  getOriginatorDatapoint,
  listOriginatorDatapoints,
  updateOriginatorProject,
  createOriginatorInvite,
  listOriginatorInvites,
  cancelOriginatorInvite,
  getOriginatorProofReport,
  getOriginatorReportExport,
};

export function buildHandlers(): Handlers {
  return { ...handlers };
}
