// The seed case with mathjs units: the 21 non-method properties of ActivationMemory
// (scenarios/training.rk) for GPT-3 175B at micro_batch 4, the same formulas in the same
// order as the scenario and its natives (stdlib/physics/memory.cpp, transformer.cpp), as a
// function of the scenario's 7 inputs.
//
// token and param are dimensionless mathjs units (definition '1'): like Reckon's counting
// units they cancel the way counts do (2048 token * 2 B is bytes); flop is a new base unit;
// B is mathjs's byte (GB = 1e9 B, GiB = 2^30 B).
//
// Usage: node seed.js [SECONDS=1] [MICRO_BATCH=4]   (after `npm ci` in this folder)
// Prints `value NAME BASE_VALUE` per property (B, token or a plain number, like
// `reckon eval --json`'s base_value), then `time mathjs_full NS_PER_EVALUATION` (the
// fastest batch, in CPU time).
'use strict';
const math = require('mathjs');

math.createUnit('token', { definition: '1' });
math.createUnit('param', { definition: '1' });
math.createUnit('flop');
const unit = (value, name) => math.unit(value, name);
const { add, subtract, multiply, divide } = math;

const KORTHIKANTI_PER_TOKEN_BYTES = 34;
const KORTHIKANTI_SCORE_BYTES = 5;
const Recompute = Object.freeze({ none: 'none', selective: 'selective', full: 'full' });

const GPT3_175B = {
  name: 'GPT-3 175B',
  params: unit(175e9, 'param'),
  layers: 96,
  hidden_dim: 12288,
  heads: 96,
  kv_heads: 96,
  context_length: unit(2048, 'token'),
};

// --- the natives (stdlib/physics) ------------------------------------------------------

function activationMemory(layers, seqLen, microBatch, hidden, heads, bytesPerElement, strategy) {
  const t = 1;
  const s = seqLen.toNumber('token');
  const sbh = s * microBatch * hidden;
  const replicated = 10;
  const linear = replicated + (KORTHIKANTI_PER_TOKEN_BYTES - replicated) / t;
  const scores = (KORTHIKANTI_SCORE_BYTES * heads * s) / (hidden * t);
  let perLayer;
  if (strategy === Recompute.none) perLayer = sbh * (linear + scores);
  else if (strategy === Recompute.selective) perLayer = sbh * linear;
  else perLayer = sbh * 2;
  const widthScale = divide(bytesPerElement, unit(2.0, 'B'));
  return unit(layers * perLayer * widthScale, 'B');
}

const FORWARD_WORK = unit(2.0, 'flop / (param token)');
const BACKWARD_WORK = unit(4.0, 'flop / (param token)');

function trainingFlops(params, tokens, recomputeForward = false) {
  const perParamToken = add(
    add(FORWARD_WORK, BACKWARD_WORK),
    recomputeForward ? FORWARD_WORK : multiply(0.0, FORWARD_WORK),
  );
  return multiply(multiply(perParamToken, params), tokens);
}

function decodeFlops(params, tokens = unit(1, 'token')) {
  return multiply(multiply(FORWARD_WORK, params), tokens);
}

// --- the scenario --------------------------------------------------------------------------

function activationMemoryScenario(
  workload,
  microBatch,
  seqLen = null,
  precisionBytes = unit(2, 'B'),
  normalizationPerLayer = null,
  ffnMultiple = 4,
  checkpointSegments = null,
) {
  const w = workload;
  if (checkpointSegments === null) checkpointSegments = Math.round(Math.sqrt(w.layers));
  const oneToken = unit(1, 'token');
  const sequence = seqLen ?? w.context_length;
  const positions = divide(sequence, oneToken);
  const perTokenBytesCoefficient = divide(multiply(KORTHIKANTI_PER_TOKEN_BYTES, precisionBytes), 2);
  const scoreBytesCoefficient = divide(
    multiply(divide(multiply(multiply(KORTHIKANTI_SCORE_BYTES, w.heads), sequence), w.hidden_dim),
      precisionBytes),
    2,
  );
  const scoreShare = divide(scoreBytesCoefficient,
    add(perTokenBytesCoefficient, scoreBytesCoefficient));
  const activations = (strategy) => activationMemory(w.layers, sequence, microBatch, w.hidden_dim,
    w.heads, precisionBytes, strategy);
  const elements = (width) => multiply(multiply(microBatch, sequence), width);

  const selective = activations(Recompute.selective);
  const perTokenActivations = selective;
  const perSequenceActivations = divide(perTokenActivations, microBatch);
  const segmentLayers = Math.floor(w.layers / checkpointSegments);
  const segmentInput = multiply(elements(w.hidden_dim), precisionBytes);
  const segmentInputs = multiply(checkpointSegments, segmentInput);
  const liveSegment = multiply(divide(perTokenActivations, w.layers), segmentLayers);
  const checkpointedActivations = add(segmentInputs, liveSegment);
  const scoreActivations = subtract(activations(Recompute.none), selective);
  const projectionActivationsPerLayer = multiply(multiply(4, elements(w.hidden_dim)),
    precisionBytes);
  const ffnActivationsPerLayer = multiply(elements(ffnMultiple * w.hidden_dim), precisionBytes);
  const scoreActivationsPerLayer = divide(scoreActivations, w.layers);
  const lineItemsPerLayer = add(
    add(add(projectionActivationsPerLayer, ffnActivationsPerLayer), scoreActivationsPerLayer),
    normalizationPerLayer ?? unit(0, 'MB'),
  );
  const lineItemsTotal = multiply(lineItemsPerLayer, w.layers);
  const forwardEquivalents = divide(trainingFlops(w.params, oneToken),
    decodeFlops(w.params, oneToken));
  const recomputeOverhead = subtract(
    divide(trainingFlops(w.params, oneToken, true), trainingFlops(w.params, oneToken)), 1);
  const recomputeForwardEquivalents = multiply(forwardEquivalents, add(1, recomputeOverhead));
  return {
    sequence,
    positions,
    per_token_bytes_coefficient: perTokenBytesCoefficient,
    score_bytes_coefficient: scoreBytesCoefficient,
    score_share: scoreShare,
    per_token_activations: perTokenActivations,
    per_sequence_activations: perSequenceActivations,
    segment_layers: segmentLayers,
    segment_input: segmentInput,
    segment_inputs: segmentInputs,
    live_segment: liveSegment,
    checkpointed_activations: checkpointedActivations,
    score_activations: scoreActivations,
    projection_activations_per_layer: projectionActivationsPerLayer,
    ffn_activations_per_layer: ffnActivationsPerLayer,
    score_activations_per_layer: scoreActivationsPerLayer,
    line_items_per_layer: lineItemsPerLayer,
    line_items_total: lineItemsTotal,
    forward_equivalents: forwardEquivalents,
    recompute_forward_equivalents: recomputeForwardEquivalents,
    recompute_overhead: recomputeOverhead,
  };
}

// A property's value in Reckon's base units: B, token, or a plain number.
function baseValue(name, v) {
  if (typeof v === 'number') return v;
  if (name === 'sequence') return v.toNumber('token');
  if (v.equalBase(unit(1, 'B'))) return v.toNumber('B');
  return v.toNumber(); // dimensionless
}

function main() {
  const seconds = process.argv.length > 2 ? Number(process.argv[2]) : 1;
  const microBatch = process.argv.length > 3 ? Number(process.argv[3]) : 4;
  for (const [name, v] of Object.entries(activationMemoryScenario(GPT3_175B, microBatch)))
    console.log(`value ${name} ${baseValue(name, v)}`);

  // Batches of n evaluations (micro_batch 1..8); the fastest batch after a warm-up
  // that lets the JIT settle. Timed in the process's CPU time (user + system), not the
  // wall clock, so that time spent descheduled while other processes run does not count;
  // it includes V8's helper threads (garbage collection, compilation), if anything
  // against mathjs.
  let sink = 0;
  const cpuNs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) * 1e3;
  };
  const batch = (n) => {
    const t0 = cpuNs();
    for (let i = 0; i < n; ++i) {
      const p = activationMemoryScenario(GPT3_175B, 1 + (i & 7));
      sink += p.segment_layers;
    }
    return (cpuNs() - t0) / n;
  };
  let n = 16;
  const warm = Date.now();
  while (Date.now() - warm < 300) batch(n);
  while (batch(n) * n < 100e6) n *= 2;  // batches of at least 0.1 s
  const deadline = Date.now() + seconds * 1000;
  let best = Infinity;
  for (let k = 0; k < 3 || Date.now() < deadline; ++k) best = Math.min(best, batch(n));
  console.log(`time mathjs_full ${best.toFixed(3)}`);
  if (sink < 0) console.log(sink);
}

main();
