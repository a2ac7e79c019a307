// A reference AI validator for Assay: it takes an AI validator key, and loops
// claim -> rate -> vote through the validator tools at <ASSAY_URL>/validator/mcp, rating each
// datapoint with any OpenAI-compatible chat endpoint (given by URL and model name). It is meant to
// be copied and changed: the prompt, the parsing of the rating and the stop rule are the parts a
// project tunes. README.md beside it says how to run it.
//
// Run it:  ASSAY_URL=https://assay.example ASSAY_AI_KEY=assay_ai_... CHAT_URL=https://api.openai.com/v1 \
//          CHAT_MODEL=gpt-4o-mini CHAT_API_KEY=sk-... node examples/ai-validator/agent.ts [--stop-when-idle]
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface AgentOptions {
  /** The Assay server's base URL; the tools are at <assayUrl>/validator/mcp. */
  assayUrl: string;
  /** The AI validator key (`assay_ai_...`) an originator created for this agent. */
  aiKey: string;
  /** Base URL of an OpenAI-compatible API (`https://api.openai.com/v1`, a vLLM or Ollama server's /v1). */
  chatUrl: string;
  /** The model name to ask for. */
  model: string;
  /** Bearer token of the chat endpoint, when it needs one. */
  chatKey?: string;
  /** Who serves the model, as the provenance names it (default: the chat URL's host). */
  provider?: string;
  /** Rate only this project (default: every project the validator is assigned to). */
  projectId?: string;
  /** Stop after this many votes (default: no limit). */
  maxVotes?: number;
  /** Stop when nothing is left to claim, instead of waiting for work (default: wait). */
  stopWhenIdle?: boolean;
  /** How long one wait_for_work call waits (seconds, at most 120). */
  idleSeconds?: number;
  /** Sampling: temperature 0 and a short answer make a rating as repeatable as the provider allows. */
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface AgentOutcome {
  votes: number;
  /** Datapoints skipped because the model's answer held no rating. */
  skipped: number;
}

/** The system prompt: how to answer. Part of the prompt template (its hash goes into the provenance). */
export const SYSTEM_PROMPT =
  'You are a careful data-quality rater. Read the instructions and the datapoint, then answer with one ' +
  'integer from 0 to 100 on the first line, and optionally one short sentence of reason on the second.';

/** The user message; {{instructions}} and {{content}} are filled from the claim. */
export const USER_TEMPLATE = 'Instructions:\n{{instructions}}\n\nDatapoint:\n{{content}}\n\nRating (0-100):';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

interface Claim {
  slotId: string;
  projectId: string;
  content: unknown;
  instructions: string;
  file: { url: string } | null;
}

/** What produced a rating: what the provenance of an AI vote commits to. */
interface Rated {
  rating: number | null;
  reason: string | null;
  servedModel: string;
  prompt: string;
  output: string;
}

/** The first integer 0-100 of the answer (a line like "Rating: 73" or "73"), or null. */
export function parseRating(output: string): { rating: number | null; reason: string | null } {
  const m = /(?:^|[^\d.])(100|[1-9]?\d)(?![\d.])/.exec(output);
  if (!m) return { rating: null, reason: null };
  const rest = output.slice((m.index ?? 0) + m[0].length).trim();
  return { rating: Number(m[1]), reason: rest ? rest.split('\n')[0]!.slice(0, 500) : null };
}

function render(claim: Claim): string {
  const content = JSON.stringify(claim.content, null, 2) + (claim.file ? `\n(file: ${claim.file.url})` : '');
  return USER_TEMPLATE.replace('{{instructions}}', claim.instructions).replace('{{content}}', content);
}

async function rate(o: AgentOptions, claim: Claim): Promise<Rated> {
  const prompt = render(claim);
  const res = await fetch(`${o.chatUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(o.chatKey ? { authorization: `Bearer ${o.chatKey}` } : {}) },
    body: JSON.stringify({
      model: o.model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: prompt },
      ],
      temperature: o.temperature ?? 0,
      max_tokens: o.maxTokens ?? 20,
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
    }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`chat endpoint answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const body = (await res.json()) as { model?: string; choices?: { message?: { content?: string } }[] };
  const output = body.choices?.[0]?.message?.content ?? '';
  return { ...parseRating(output), servedModel: body.model ?? o.model, prompt, output };
}

/**
 * The provenance of an AI vote: the served model and its provider, the SHA-256 of the prompt
 * template, of the rendered prompt and of the raw output, the sampling parameters sent and how the
 * output became a number. Sent with every vote when the server's submit_vote tool takes it (an AI
 * validator's vote must carry it there); a change of model or template is a new configuration,
 * which the server calibrates before its votes count.
 */
export function provenanceOf(o: AgentOptions, r: Rated): Record<string, unknown> {
  return {
    model: r.servedModel,
    provider: o.provider ?? new URL(o.chatUrl).host,
    promptTemplateSha256: sha256(JSON.stringify({ system: SYSTEM_PROMPT, user: USER_TEMPLATE })),
    promptSha256: sha256(JSON.stringify({ system: SYSTEM_PROMPT, user: r.prompt })),
    outputSha256: sha256(r.output),
    sampling: {
      temperature: o.temperature ?? 0,
      maxTokens: o.maxTokens ?? 20,
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
    },
    scoring: 'parsed_integer',
  };
}

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: unknown };

/** A tool error's code (`noClaimableSlot: ...` -> `noClaimableSlot`). */
const errorCode = (r: ToolAnswer): string => /^([A-Za-z0-9]+):/.exec(r.content[0]?.text ?? '')?.[1] ?? 'unknown';

/** Refusals after which the agent moves on instead of stopping. */
const MOVE_ON = new Set(['noClaimableSlot', 'projectPaused', 'claimExpired', 'datapointFinalized', 'alreadyVoted']);

export async function runAgent(o: AgentOptions): Promise<AgentOutcome> {
  const log = o.log ?? ((line: string) => console.error(line));
  const transport = new StreamableHTTPClientTransport(new URL(`${o.assayUrl.replace(/\/+$/, '')}/validator/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${o.aiKey}` } },
  });
  const client = new Client({ name: 'assay-reference-ai-validator', version: '1.0.0' });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>): Promise<ToolAnswer> =>
    (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const data = <T>(r: ToolAnswer): T => {
    if (r.isError) throw new Error(r.content[0]?.text ?? 'tool error');
    return r.structuredContent as T;
  };
  const outcome: AgentOutcome = { votes: 0, skipped: 0 };
  try {
    // The hook for provenance: sent when the server's submit_vote takes it.
    const { tools } = await client.listTools();
    const submit = tools.find((t) => t.name === 'submit_vote');
    const sendsProvenance = Boolean(submit && 'provenance' in (submit.inputSchema.properties ?? {}));
    const projects = o.projectId
      ? [o.projectId]
      : data<{ data: { projectId: string; paused: boolean }[] }>(await call('list_my_projects', {}))
          .data.filter((p) => !p.paused)
          .map((p) => p.projectId);
    if (!projects.length) {
      log('no projects: the validator is assigned to none (or all are paused)');
      return outcome;
    }
    let turn = 0;
    while (o.maxVotes === undefined || outcome.votes < o.maxVotes) {
      let claim: Claim | null = null;
      for (const projectId of projects) {
        const r = await call('claim_next_datapoint', { projectId });
        if (!r.isError) {
          claim = r.structuredContent as Claim;
          break;
        }
        if (!MOVE_ON.has(errorCode(r))) throw new Error(r.content[0]?.text);
      }
      if (!claim) {
        if (o.stopWhenIdle) break;
        const waited = data<Claim & { timedOut: boolean }>(
          await call('wait_for_work', {
            projectId: projects[turn++ % projects.length],
            timeoutSeconds: o.idleSeconds ?? 30,
          }),
        );
        if (waited.timedOut) continue;
        claim = waited;
      }
      const rated = await rate(o, claim);
      if (rated.rating === null) {
        // The model gave no rating: leave the datapoint to others (skipped datapoints are not offered again).
        await call('skip_datapoint', { slotId: claim.slotId, reason: 'The model answered without a rating.' });
        outcome.skipped++;
        log(`skipped ${claim.slotId}: no rating in ${JSON.stringify(rated.output.slice(0, 80))}`);
        continue;
      }
      const args: Record<string, unknown> = { slotId: claim.slotId, rating: rated.rating };
      if (rated.reason) args.comment = rated.reason;
      if (sendsProvenance) args.provenance = provenanceOf(o, rated);
      const voted = await call('submit_vote', args);
      if (voted.isError) {
        if (!MOVE_ON.has(errorCode(voted))) throw new Error(voted.content[0]?.text);
        log(`vote on ${claim.slotId} not recorded: ${voted.content[0]?.text.split('\n')[0]}`);
        continue;
      }
      outcome.votes++;
      log(`rated ${claim.slotId}: ${rated.rating}`);
    }
    return outcome;
  } finally {
    await client.close();
  }
}

/** The command line: options from flags or the environment (secrets from the environment only). */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'assay-url': { type: 'string' },
      model: { type: 'string' },
      'chat-url': { type: 'string' },
      provider: { type: 'string' },
      project: { type: 'string' },
      'max-votes': { type: 'string' },
      'stop-when-idle': { type: 'boolean' },
      seed: { type: 'string' },
    },
  });
  const env = process.env;
  const need = (v: string | undefined, name: string): string => {
    if (!v) throw new Error(`${name} is required (README.md)`);
    return v;
  };
  const outcome = await runAgent({
    assayUrl: need(values['assay-url'] ?? env.ASSAY_URL, 'ASSAY_URL or --assay-url'),
    aiKey: need(env.ASSAY_AI_KEY, 'ASSAY_AI_KEY'),
    chatUrl: need(values['chat-url'] ?? env.CHAT_URL, 'CHAT_URL or --chat-url'),
    model: need(values.model ?? env.CHAT_MODEL, 'CHAT_MODEL or --model'),
    chatKey: env.CHAT_API_KEY,
    provider: values.provider ?? env.CHAT_PROVIDER,
    projectId: values.project,
    maxVotes: values['max-votes'] ? Number(values['max-votes']) : undefined,
    stopWhenIdle: values['stop-when-idle'],
    seed: values.seed ? Number(values.seed) : undefined,
  });
  console.log(JSON.stringify(outcome));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(`ai-validator: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
