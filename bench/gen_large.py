#!/usr/bin/env python3
"""Writes a large, realistic scenario file for the parse + check benchmark.

The file repeats, with distinct names and varied numbers, two scenario shapes in the
style of scenarios/*.rk: a training estimate (activations under each recomputation
strategy, model state, run duration) and a serving estimate (KV cache, weights, latency,
throughput). Each scenario has documented inputs with units and defaults, properties
over the stdlib's natives and the models/hardware registries, a method, cases (a call
and a `with` override) and checks whose expected values are computed here, so that
`reckon run` on the file holds too (not only `reckon check`).

Usage: gen_large.py [LINES=10000] > FILE   (exactly LINES lines; standard library only)
"""
import math
import sys

# (registry name, layers, hidden, heads, kv_heads, context, params)
MODELS = [
    ("GPT3_175B", 96, 12288, 96, 96, 2048, 175e9),
    ("LLAMA2_7B", 32, 4096, 32, 32, 4096, 7e9),
    ("LLAMA2_70B", 80, 8192, 64, 8, 4096, 70e9),
    ("LLAMA3_8B", 32, 4096, 32, 8, 8192, 8.03e9),
    ("LLAMA3_70B", 80, 8192, 64, 8, 8192, 70.6e9),
]
DEVICES = ["A100", "H100", "H200", "B200"]


def training(k):
    model = MODELS[k % len(MODELS)]
    other = MODELS[(k + 2) % len(MODELS)]
    name, layers, hidden, heads, _, context, params = model
    device = DEVICES[k % len(DEVICES)]
    micro_batch = 1 + k % 8
    tokens = 100 + 10 * (k % 30)  # billions
    efficiency = 0.3 + 0.01 * (k % 20)
    s = f"TrainingEstimate{k:04d}"
    c = f"{s}Base"
    selective = 34 * context * micro_batch * hidden * layers  # B, at 2-byte elements
    full = 2 * context * micro_batch * hidden * layers
    segments = round(math.sqrt(layers))
    return f"""\
## Training estimate {k}: activation memory of {name} under each recomputation strategy,
## its model state on the chosen devices, and the duration of the run.
@assumes "Transformer layers share geometry; mixed-precision Adam with ZeRO stage 1; the run sustains a fixed fraction of the 16-bit peak."
@excludes "Embedding activations, allocator fragmentation, communication time and pipeline bubbles."
@source "Korthikanti et al. 2022, arXiv 2205.05198, Table 2; Rajbhandari et al. 2020, arXiv 1910.02054, Sec. 5; Kaplan et al. 2020, arXiv 2001.08361, Sec. 2.1"
scenario {s} {{
  ## The model being trained.
  input workload: Transformer
  ## The accelerator every rank runs on.
  input device: Accelerator
  ## Sequences per micro-batch.
  input micro_batch: count = {micro_batch}
  ## Tokens per sequence; none means the workload's context length.
  input seq_len: token? = none
  ## Bytes per stored activation element.
  input precision_bytes: B = 2 B
  ## Data-parallel ranks sharing the optimizer state.
  input devices: device = 1024 device
  ## Tokens the whole run trains on.
  input training_tokens: token = {tokens}e9 token
  ## Sustained fraction of the device's headline peak (16-bit for datacenter records).
  input efficiency: number = {efficiency:.2f}
  ## Checkpoint segments (Chen et al.'s optimum by default).
  input checkpoint_segments: count = round(sqrt(workload.layers))

  ## Context length used by the activation model.
  sequence: token = seq_len ?? workload.context_length

  ## Activation footprint under a recomputation strategy.
  activations(strategy: Recompute): GB =
      activation_memory(workload.layers, sequence, micro_batch, workload.hidden_dim,
                        workload.heads, precision_bytes, strategy)

  ## Activations with selective recomputation (scores recomputed).
  selective_activations: GB = activations(selective)

  ## Activations with full recomputation (layer inputs only).
  full_activations: GB = activations(full)

  ## Share of the selective footprint that full recomputation saves.
  saved_share: number = 1 - full_activations / selective_activations

  ## Layers in each checkpoint segment.
  segment_layers: count = workload.layers // checkpoint_segments

  ## Activation memory in layer-equivalents at k checkpoints.
  checkpoint_units(k: count): number = checkpoint_memory(workload.layers, k)

  ## Weights, gradients and optimizer state of one rank.
  model_state: GB = model_state_memory(workload.params, zero_stage: 1,
                                       data_parallel: devices / 1 device)

  ## Memory one rank needs.
  total_memory: GB = model_state + selective_activations / 8

  ## Capacity left on the device (negative when it does not fit).
  headroom: GiB = device.memory * 1 device - total_memory

  ## Training work of the whole run: 6 P D.
  training_work: flop = training_flops(workload.params, training_tokens)

  ## Wall-clock duration of the run.
  duration: day = training_time(training_work, devices, device.peak, efficiency)

  ## Work per device per token.
  work_per_token: flop/token = training_work / training_tokens
}}

## {name} on {device}s, micro-batch {micro_batch}.
case {c} = {s}(workload: {name}, device: {device})

## The same run with {other[0]} and twice the micro-batch.
case {s}Other = {c} with workload: {other[0]}, micro_batch: {2 * micro_batch}

# 34 s b h L B at 2-byte elements: 34 * {context} * {micro_batch} * {hidden} * {layers} B.
check {c}.sequence == {context} token
check {c}.selective_activations == {selective} B within 1e-9
check {c}.full_activations == {full} B within 1e-9
check {c}.saved_share == {1 - full / selective:.12g} within 1e-9
check {c}.segment_layers == {layers // segments}
check {c}.checkpoint_units({segments}) == {segments + layers / segments:.12g} within 1e-9
# 6 P D = 6 * {params:g} * {tokens}e9 flop.
check {c}.training_work == {6 * params * tokens * 1e9:.12g} flop within 1e-9
check {c}.work_per_token == {6 * params:.12g} flop/token within 1e-9
check {s}Other.micro_batch == 2 * {c}.micro_batch
check {c}.duration > 0 day

"""


def serving(k):
    model = MODELS[k % len(MODELS)]
    name, layers, hidden, heads, kv_heads, context, params = model
    device = DEVICES[(k + 1) % len(DEVICES)]
    prompt = 256 * (1 + k % 8)
    output = 128 * (1 + k % 4)
    batch = 1 + k % 32
    s = f"ServingEstimate{k:04d}"
    c = f"{s}Base"
    head_dim = hidden // heads
    kv = 2 * layers * kv_heads * head_dim * (prompt + output) * 2
    return f"""\
## Serving estimate {k}: the KV cache, weights and decode latency of {name} on one
## {device}, at a batch of {batch} sequences.
@assumes "Decoding is memory-bound: each step reads every weight and each sequence's KV cache at its full context."
@excludes "Prefill interference, paged-block padding, speculative decoding and prefix caching."
@source "Pope et al. 2022, arXiv 2211.05102, Sec. 2; Kwon et al. 2023, arXiv 2309.06180, Sec. 3"
scenario {s} {{
  ## The model being served.
  input workload: Transformer
  ## The accelerator the replica runs on.
  input device: Accelerator
  ## Tokens of each request's prompt.
  input prompt_tokens: token = {prompt} token
  ## Tokens each request generates.
  input output_tokens: token = {output} token
  ## Sequences decoded together.
  input batch: count = {batch}
  ## Bytes per weight.
  input weight_bytes: B/param = 2 B/param
  ## Bytes per cached element.
  input bytes_per_element: B = 2 B
  ## Fraction of peak memory bandwidth decoding sustains.
  input bandwidth_efficiency: number = 0.8

  ## Width of one attention head.
  head_dim: count = workload.hidden_dim / workload.heads

  ## Tokens a sequence holds at the end of its generation.
  context: token = prompt_tokens + output_tokens

  ## KV cache of one sequence at its full context.
  kv_per_sequence: GiB = kv_cache_bytes(layers: workload.layers, kv_heads: workload.kv_heads,
                                        head_dim: head_dim, seq_len: context,
                                        bytes_per_element: bytes_per_element)

  ## KV cache each token of context adds.
  kv_per_token: KiB/token = kv_per_sequence / context

  ## Weights of the model.
  weights: GB = model_weights_memory(workload.params, weight_bytes)

  ## Memory the batch needs.
  memory_needed: GB = weights + batch * kv_per_sequence

  ## Whether the batch fits on the device.
  fits: bool = memory_needed <= device.memory * 1 device

  ## Inter-token latency: one decode step.
  itl: ms/token = inter_token_latency(weight_bytes: weights,
                                      kv_bytes_per_sequence: kv_per_sequence,
                                      memory_bandwidth: device.memory_bandwidth * 1 device,
                                      batch: batch, bandwidth_efficiency: bandwidth_efficiency)

  ## Tokens generated per second across the batch.
  decode_throughput: token/s = decode_tokens_per_second(batch, itl)

  ## Time to generate every output token of one request.
  generation_time(extra: token): s = (output_tokens + extra) * itl
}}

## {name} on one {device}.
case {c} = {s}(workload: {name}, device: {device})

## Twice the batch.
case {s}Wide = {c} with batch: {2 * batch}

# 2 L kv_heads head_dim (prompt + output) 2 B = 2 * {layers} * {kv_heads} * {head_dim} * {prompt + output} * 2 B.
check {c}.head_dim == {head_dim}
check {c}.context == {prompt + output} token
check {c}.kv_per_sequence == {kv} B within 1e-9
check {c}.weights == {2 * params:.12g} B within 1e-9
check {s}Wide.memory_needed > {c}.memory_needed
check {c}.decode_throughput > 0 token/s

"""


def main():
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    out = [
        f"# Generated by bench/gen_large.py {lines}: a {lines}-line scenario file for the",
        "# parse + check benchmark (bench/run). Not hand-maintained.",
        'import "models"',
        'import "hardware"',
        "",
    ]
    k = 0
    while True:
        block = (training(k) if k % 2 == 0 else serving(k)).splitlines()
        if len(out) + len(block) > lines:
            break
        out += block
        k += 1
    while len(out) < lines:
        out.append("#")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
