// Two report exports in formats the ML supply chain already reads. Pure apart from the sink and
// the signing function the caller passes.
//
//   intoto_dsse  an in-toto Statement v1 in a DSSE envelope: its subjects are the dataset's
//                datapoints as files (`datapoints/<id>.json`, the RFC 8785 form of the content,
//                whose SHA-256 is the checksum the manifest commits), its predicate the signed
//                Proof Report payload; signed with the report's Ed25519 key over the DSSE
//                pre-authentication encoding, so any DSSE verifier checks it with the JWKS key.
//   croissant    Croissant 1.1 metadata (JSON-LD) with the RAI fields: annotation protocol,
//                annotators per item, the signed statistics as annotation analysis, and one
//                FileObject per datapoint whose sha256 is its manifest checksum.
import type { ProofPayload } from './proof.ts';
import type { Sink } from './export-formats.ts';

const INTOTO_STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
const INTOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
/** The predicate of a data-quality report: its body is the signed Proof Report payload. */
const DATA_QUALITY_PREDICATE = 'urn:assay:predicate:data-quality-report:v1';

/** A manifest leaf: a datapoint and the SHA-256 (hex) of its canonical content. */
export interface ManifestRow {
  datapointId: string;
  checksum: string;
}

/** The file name a datapoint goes by in both exports. */
const datapointFile = (datapointId: string): string => `datapoints/${datapointId}.json`;

/** DSSE v1 pre-authentication encoding: "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body. */
export function dssePae(payloadType: string, body: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, 'ascii'),
    type,
    Buffer.from(` ${body.length} `, 'ascii'),
    body,
  ]);
}

interface DsseEnvelope {
  payloadType: string;
  payload: string;
  signatures: { keyid: string; sig: string }[];
}

/**
 * The in-toto envelope. The statement is built whole before it is signed (Ed25519 signs the
 * complete message): memory grows with the subjects, about 130 bytes per datapoint.
 */
export async function renderIntotoDsse(
  payload: ProofPayload,
  manifest: AsyncIterable<ManifestRow[]>,
  sign: (message: Buffer) => Buffer,
  keyid: string,
  sink: Sink,
): Promise<void> {
  const subjects: string[] = [];
  for await (const batch of manifest)
    for (const r of batch)
      subjects.push(JSON.stringify({ name: datapointFile(r.datapointId), digest: { sha256: r.checksum } }));
  const statement = Buffer.from(
    `{"_type":${JSON.stringify(INTOTO_STATEMENT_TYPE)},"subject":[${subjects.join(',')}],` +
      `"predicateType":${JSON.stringify(DATA_QUALITY_PREDICATE)},"predicate":${JSON.stringify(payload)}}`,
    'utf8',
  );
  const sig = sign(dssePae(INTOTO_PAYLOAD_TYPE, statement)).toString('base64');
  const envelope: DsseEnvelope = {
    payloadType: INTOTO_PAYLOAD_TYPE,
    payload: statement.toString('base64'),
    signatures: [{ keyid, sig }],
  };
  sink.write(JSON.stringify(envelope) + '\n');
}

/** The Croissant 1.1 JSON-LD context (the vocabulary of the specification, with its RAI extension). */
const CROISSANT_CONTEXT = {
  '@language': 'en',
  '@vocab': 'https://schema.org/',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  cr: 'http://mlcommons.org/croissant/',
  rai: 'http://mlcommons.org/croissant/RAI/',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  dct: 'http://purl.org/dc/terms/',
  equivalentProperty: 'cr:equivalentProperty',
  examples: { '@id': 'cr:examples', '@type': '@json' },
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  path: 'cr:path',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  repeated: 'cr:repeated',
  replace: 'cr:replace',
  samplingRate: 'cr:samplingRate',
  sc: 'https://schema.org/',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
};

export interface CroissantData {
  projectId: string;
  projectName: string;
  /** The deployment's base URL. */
  issuer: string;
  generatedAt: string;
  /** The validation instructions of the project's spec (what a validator is asked). */
  instructions: string;
  /** Validators per datapoint of the project's spec. */
  annotatorsPerItem: number;
  /** The signed payload, when the project has a Proof Report of this data; null otherwise. */
  payload: ProofPayload | null;
}

/**
 * What the signed report says about agreement: the statistics block's alpha when the payload has
 * one (filled from `statistics.alpha`), else the headline figures only.
 */
function annotationAnalysis(payload: ProofPayload | null): string {
  if (!payload) return 'No signed Proof Report covers this data yet (not every datapoint is terminal).';
  const base =
    `Proof Report ${payload.reportId} (attestationRoot ${payload.attestationRoot}): quality rating ` +
    `${payload.qualityRating}/100, consensus strength ${payload.consensusStrength}/100 over ` +
    `${payload.coverage.datapointsFinalized} datapoints.`;
  const alpha = (payload as { statistics?: { alpha?: unknown } }).statistics?.alpha;
  return alpha === undefined ? base : `${base} Krippendorff's alpha: ${JSON.stringify(alpha)}.`;
}

/** Streams the Croissant metadata: the dataset, its RAI fields, then one FileObject per datapoint. */
export async function renderCroissant(
  d: CroissantData,
  manifest: AsyncIterable<ManifestRow[]>,
  sink: Sink,
): Promise<void> {
  const base = `${d.issuer}/developer/v1/projects/${d.projectId}`;
  const head = {
    '@context': CROISSANT_CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: 'http://mlcommons.org/croissant/1.1',
    name: d.projectName,
    description:
      `Datapoints of the Assay project ${d.projectName}, rated by validators; each file is the RFC 8785 form ` +
      "of one datapoint's content, and its sha256 is the checksum the project's Proof Report manifest commits.",
    url: base,
    citeAs: d.payload
      ? `Assay Proof Report ${d.payload.reportId} of project ${d.projectName} (${d.payload.attestationRoot})`
      : `Assay project ${d.projectName} (${d.projectId})`,
    datePublished: d.generatedAt,
    version: '1.0.0',
    'rai:dataAnnotationProtocol': d.instructions,
    'rai:annotationsPerItem': String(d.annotatorsPerItem),
    'rai:dataAnnotationAnalysis': annotationAnalysis(d.payload),
    'rai:dataAnnotationPlatform': 'Assay',
  };
  const text = JSON.stringify(head);
  sink.write(`${text.slice(0, -1)},"distribution":[`);
  let first = true;
  for await (const batch of manifest) {
    for (const r of batch) {
      const file = {
        '@type': 'cr:FileObject',
        '@id': datapointFile(r.datapointId),
        name: datapointFile(r.datapointId),
        contentUrl: datapointFile(r.datapointId),
        encodingFormat: 'application/json',
        sha256: r.checksum,
      };
      sink.write((first ? '' : ',') + JSON.stringify(file));
      first = false;
    }
  }
  sink.write(']}\n');
}
