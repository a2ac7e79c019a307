// `assay` command line: production entry points (serve, worker, migrate) and administration
// (organizations, users, members, API keys). Run through npm (`npm run assay -- admin ...`) or
// bin/assay.js.
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.ts';
import { createSql } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { startServer } from '../server.ts';
import { surviveLostConnections } from '../crash-guard.ts';
import { createLogger, type Logger } from '../log.ts';
import { startTracing, stopTracing } from '../tracing.ts';
import { startProbeServer, type ServerState } from '../http/health.ts';
import { startWorker, TASK_SETS, type TaskSet } from '../jobs/worker.ts';
import * as admin from '../admin/admin.ts';
import * as signingKeys from '../admin/signing-keys.ts';
import * as aiValidators from '../services/ai-validators.ts';
import * as aiKeys from '../db/ai-validators.ts';
import { ApiError } from '../errors.ts';
import { readFileSync } from 'node:fs';
import { runVerify, runVerifyConsistency } from './verify.ts';

const USAGE = `usage:
  assay serve                      API + MCP server (DATABASE_URL, S3_*, PUBLIC_BASE_URL, ...)
  assay worker [--tasks SETS]      job worker; SETS: comma-separated of email, webhooks, data, reports (all by default)
  assay migrate                    apply database migrations
  assay admin org create --name NAME --code CODE
  assay admin user create --subject SUBJECT [--email EMAIL]
  assay admin member add --org CODE --user EMAIL|ID [--originator] [--validator]
  assay admin member remove --org CODE --user EMAIL|ID   offboarding: membership, assignments, class grants and
                                                  the person's keys in the organization
  assay admin member clear-originator --org CODE --user EMAIL|ID
  assay admin user revoke-sessions --user EMAIL|ID   every validator session and unused sign-in link
  assay admin key create --org CODE --user EMAIL|ID [--name NAME] [--expires-at RFC3339]
  assay admin key list --org CODE
  assay admin key revoke --id KEY_ID
  assay admin ai-validator create --org CODE --name NAME --project PROJECT_ID:CLASS_ID [--project ...] [--user EMAIL|ID]
                                   an AI validator with an AI class on each project; prints its key once
  assay admin ai-key create --org CODE --validator-id ID [--name NAME]
  assay admin ai-key list --org CODE --validator-id ID
  assay admin ai-key revoke --org CODE --validator-id ID --id KEY_ID
  assay admin signing-key generate --out FILE   private key written once to FILE (0600); public key pending
  assay admin signing-key activate --kid KID | --key FILE
  assay admin signing-key retire --kid KID
  assay admin signing-key compromised --kid KID   retired at once; verifiers refuse every report it signed;
                                                  its reports and exports are issued again by the current key
  assay admin signing-key list
  assay verify REPORT.json --jwks FILE|URL [--proof PROOF.json] [--recompute VOTES.jsonl]
  assay verify --consistency OLD.json NEW.json --jwks FILE|URL --proof CONSISTENCY.json`;

const OPTIONS = {
  name: { type: 'string' },
  code: { type: 'string' },
  subject: { type: 'string' },
  email: { type: 'string' },
  org: { type: 'string' },
  user: { type: 'string' },
  id: { type: 'string' },
  'expires-at': { type: 'string' },
  originator: { type: 'boolean' },
  validator: { type: 'boolean' },
  out: { type: 'string' },
  kid: { type: 'string' },
  key: { type: 'string' },
  jwks: { type: 'string' },
  proof: { type: 'string' },
  consistency: { type: 'boolean' },
  recompute: { type: 'string' },
  tasks: { type: 'string' },
  project: { type: 'string', multiple: true },
  'validator-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * `--kid -x...` as `--kid=-x...`: a key id is base64url and starts with `-` once in 64 keys, and
 * parseArgs refuses an option value starting with a dash as ambiguous. A value that is itself one
 * of the options (`--kid --out`, a forgotten value) is left to parseArgs to refuse.
 */
const isOption = (token: string): boolean =>
  token === '-h' || (token.startsWith('--') && token.slice(2).split('=')[0]! in OPTIONS);

function joinDashedValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    const next = argv[i + 1];
    if (
      name !== null &&
      name in OPTIONS &&
      OPTIONS[name as keyof typeof OPTIONS].type === 'string' &&
      next?.startsWith('-') &&
      !isOption(next)
    ) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function need(values: Values, key: keyof Values): string {
  const v = values[key];
  if (typeof v !== 'string' || v === '') throw new admin.AdminError(`--${key} is required`);
  return v;
}

/**
 * Resolves at the first SIGTERM or SIGINT. The handlers stay installed: a repeated signal (a
 * Ctrl-C that reached both bin/assay.js and this process, an impatient orchestrator) does not
 * cut the drain short; the orchestrator's SIGKILL after its grace period still does. As PID 1 of
 * a container the handler is what makes the kernel deliver the signal at all.
 */
const waitForSignal = (log: Logger): Promise<void> =>
  new Promise((resolve) => {
    let received = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (received) return log.info('shutdown already in progress', { signal });
      received = true;
      log.info('shutdown signal received; draining', { signal });
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });

/** After a drain: exit 0 now, so that a handle something left open cannot keep the process up. */
function exitDrained(log: Logger): never {
  log.info('drained; exiting');
  process.exit(0);
}

async function runAdmin(args: string[], values: Values): Promise<void> {
  const sql = createSql(loadConfig(process.env, { db: true }).databaseUrl, { max: 1 });
  try {
    const [what, verb] = args;
    const print = (v: unknown) => console.log(JSON.stringify(v, null, 2));
    if (what === 'org' && verb === 'create')
      return print(await admin.createOrganization(sql, { name: need(values, 'name'), code: need(values, 'code') }));
    if (what === 'user' && verb === 'create')
      return print(await admin.createUser(sql, { subject: need(values, 'subject'), email: values.email ?? null }));
    if (what === 'member' && verb === 'add') {
      const org = await admin.findOrganization(sql, need(values, 'org'));
      const user = await admin.findUser(sql, need(values, 'user'));
      return print(
        await admin.addMember(sql, {
          orgId: org.id,
          userId: user.id,
          originator: values.originator,
          validator: values.validator,
        }),
      );
    }
    if (what === 'member' && (verb === 'remove' || verb === 'clear-originator')) {
      const org = await admin.findOrganization(sql, need(values, 'org'));
      const user = await admin.findUser(sql, need(values, 'user'));
      const m = { orgId: org.id, userId: user.id };
      return print(verb === 'remove' ? await admin.removeMember(sql, m) : await admin.clearOriginator(sql, m));
    }
    if (what === 'user' && verb === 'revoke-sessions')
      return print(await admin.revokeSessions(sql, (await admin.findUser(sql, need(values, 'user'))).id));
    if (what === 'key' && verb === 'create') {
      const org = await admin.findOrganization(sql, need(values, 'org'));
      const user = await admin.findUser(sql, need(values, 'user'));
      const expires = values['expires-at'] ? new Date(values['expires-at']) : null;
      if (expires && Number.isNaN(expires.getTime()))
        throw new admin.AdminError('--expires-at must be an RFC 3339 time');
      const created = await admin.createApiKey(sql, {
        orgId: org.id,
        userId: user.id,
        name: values.name,
        expiresAt: expires,
      });
      console.error('The key is shown once; store it now. Only its SHA-256 is kept.');
      return print(created);
    }
    if (what === 'key' && verb === 'list')
      return print(await admin.listApiKeys(sql, (await admin.findOrganization(sql, need(values, 'org'))).id));
    if (what === 'key' && verb === 'revoke') {
      await admin.revokeApiKey(sql, need(values, 'id'));
      return print({ revoked: true });
    }
    if (what === 'signing-key') return print(await runSigningKey(sql, verb, values));
    if (what === 'ai-validator' || what === 'ai-key') return print(await runAiValidator(sql, what, verb, values));
    throw new admin.AdminError(`unknown admin command: ${args.join(' ')}\n${USAGE}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** AI validators and their keys, through the same use cases as the developer API (services/ai-validators.ts). */
async function runAiValidator(
  sql: ReturnType<typeof createSql>,
  what: string,
  verb: string | undefined,
  values: Values,
): Promise<unknown> {
  const org = await admin.findOrganization(sql, need(values, 'org'));
  const createdBy = values.user ? (await admin.findUser(sql, values.user)).id : null;
  if (what === 'ai-validator' && verb === 'create') {
    const projects = (values.project ?? []).map((p) => {
      const [id, classId] = p.split(':');
      if (!id || !classId) throw new admin.AdminError('--project takes PROJECT_ID:CLASS_ID (an AI class of its spec)');
      return { id, classId };
    });
    if (!projects.length) throw new admin.AdminError('--project is required (PROJECT_ID:CLASS_ID, one or more)');
    const { validator, issued } = await aiValidators.createAiValidator(sql, {
      orgId: org.id,
      createdBy,
      name: need(values, 'name'),
      projects,
    });
    console.error('The key is shown once; store it now. Only its SHA-256 is kept.');
    return { validatorId: validator.user_id, name: validator.name, keyId: issued.row.id, key: issued.key };
  }
  const validatorId = need(values, 'validator-id');
  if (what === 'ai-key' && verb === 'create') {
    const issued = await aiValidators.issueAiKey(sql, {
      orgId: org.id,
      validatorId,
      name: values.name ?? '',
      createdBy,
    });
    console.error('The key is shown once; store it now. Only its SHA-256 is kept.');
    return { id: issued.row.id, key: issued.key };
  }
  if (!(await aiValidators.isAiValidator(sql, org.id, validatorId)))
    throw new admin.AdminError(`no AI validator ${validatorId} in ${org.code}`);
  if (what === 'ai-key' && verb === 'list') return aiKeys.listAiKeys(sql, org.id, validatorId);
  if (what === 'ai-key' && verb === 'revoke') {
    const row = await aiKeys.revokeAiKey(sql, org.id, validatorId, need(values, 'id'));
    if (!row) throw new admin.AdminError(`no key ${values.id} of AI validator ${validatorId}`);
    return { revoked: true };
  }
  throw new admin.AdminError(`unknown admin command: ${what} ${verb ?? ''}\n${USAGE}`);
}

async function runSigningKey(
  sql: ReturnType<typeof createSql>,
  verb: string | undefined,
  values: Values,
): Promise<unknown> {
  if (verb === 'generate') {
    const out = need(values, 'out');
    const info = await signingKeys.generateSigningKey(sql, out);
    console.error(
      `Private key written to ${out} (mode 0600); it is not stored anywhere else. Activate with: assay admin ` +
        `signing-key activate --kid=${info.kid}`,
    );
    return info;
  }
  if (verb === 'activate') {
    let kid = values.kid;
    if (!kid && values.key) {
      const jwk = await signingKeys.publicJwkOfPem(readFileSync(values.key, 'utf8'));
      await signingKeys.importPublicKey(sql, jwk);
      kid = jwk.kid;
    }
    if (!kid) throw new admin.AdminError('--kid or --key is required');
    return signingKeys.activateSigningKey(sql, kid);
  }
  if (verb === 'retire') return signingKeys.retireSigningKey(sql, need(values, 'kid'));
  if (verb === 'compromised') return signingKeys.markCompromised(sql, need(values, 'kid'));
  if (verb === 'list') return signingKeys.listSigningKeys(sql);
  throw new admin.AdminError(`unknown signing-key command: ${verb ?? ''}\n${USAGE}`);
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: joinDashedValues(argv), options: OPTIONS, allowPositionals: true });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command === 'migrate') {
    const config = loadConfig(process.env, { db: true });
    const outcome = await migrate(config.databaseDirectUrl, {
      onWait: () => console.log('assay migrate: another migrator holds the migration lock; waiting for it'),
    });
    console.log(
      outcome.applied.length
        ? `assay migrate: applied ${outcome.applied.length} migration(s): ${outcome.applied.join(', ')}`
        : 'assay migrate: nothing to do, the database is up to date',
    );
    return;
  }
  if (command === 'serve') {
    const config = loadConfig(process.env, { db: true, s3: true, http: true, secrets: true, mail: true });
    // Before the pools are created: their statements are traced only if tracing is on by then.
    if (config.otlpEndpoint) await startTracing('assay-server');
    const log = createLogger(config.logLevel);
    surviveLostConnections(log);
    const signal = waitForSignal(log);
    const server = await startServer(config, { log });
    await signal;
    await server.close();
    await stopTracing();
    exitDrained(log);
  }
  if (command === 'worker') {
    const taskSets = values.tasks
      ?.split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const unknown = taskSets?.filter((t) => !(t in TASK_SETS)) ?? [];
    if (unknown.length || taskSets?.length === 0)
      throw new admin.AdminError(`--tasks takes some of ${Object.keys(TASK_SETS).join(', ')}\n${USAGE}`);
    const config = loadConfig(process.env, { db: true, s3: true, secrets: true, mail: true });
    if (config.otlpEndpoint) await startTracing('assay-worker');
    const log = createLogger(config.logLevel);
    surviveLostConnections(log);
    const signal = waitForSignal(log);
    const worker = await startWorker(config, { taskSets: taskSets as TaskSet[] | undefined, log });
    const state: ServerState = { draining: false, metrics: worker.metrics.registry };
    const probes =
      config.workerPort === null
        ? null
        : await startProbeServer({ host: config.host, port: config.workerPort, sql: worker.sql, state, log });
    await signal;
    state.draining = true;
    await worker.stop();
    await probes?.close();
    await stopTracing();
    exitDrained(log);
  }
  if (command === 'admin') return runAdmin(rest, values);
  if (command === 'verify') {
    const jwks = values.jwks;
    if (values.consistency) {
      if (rest.length !== 2) throw new admin.AdminError(`verify --consistency takes OLD.json NEW.json\n${USAGE}`);
      if (!values.proof) throw new admin.AdminError('--proof CONSISTENCY.json is required with --consistency');
    } else if (rest.length !== 1) throw new admin.AdminError(`verify takes one REPORT.json\n${USAGE}`);
    if (!jwks) throw new admin.AdminError('--jwks FILE|URL is required');
    const outcome = values.consistency
      ? await runVerifyConsistency({ older: rest[0], newer: rest[1], jwks, proof: values.proof! })
      : await runVerify({ report: rest[0], jwks, proof: values.proof, recompute: values.recompute });
    if (!outcome.ok) {
      console.error(`assay verify: FAILED ${outcome.check}: ${outcome.reason}`);
      process.exit(2);
    }
    console.log(`assay verify: OK ${outcome.summary}`);
    return;
  }
  throw new admin.AdminError(`unknown command ${command}\n${USAGE}`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof admin.AdminError || err instanceof ConfigError || err instanceof ApiError) {
    console.error(`assay: ${err.message}`);
  } else {
    console.error('assay: failed:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
