#!/usr/bin/python3
"""The seed case with pint quantities: the Python original's way.

The 21 non-method properties of ActivationMemory (scenarios/training.rk) for GPT-3 175B
at micro_batch 4, the same formulas in the same order as the scenario and its natives
(stdlib/physics/memory.cpp, transformer.cpp), as a function of the scenario's 7 inputs,
with Debian's python3-pint (`apt-get install python3-pint`; run with /usr/bin/python3).

Tokens and parameters are dimensionless pint units (`token = []`): like Reckon's counting
units they cancel the way counts do (`2048 token * 2 B` adds to bytes); flop is a
dimension of its own. Bytes are pint's own `byte` (which pint, like `bit`, defines as
dimensionless).

Usage: pint_seed.py [SECONDS=1.0] [MICRO_BATCH=4]
Prints `value NAME BASE_VALUE` per property (in B, token or plain numbers, like
`reckon eval --json`'s base_value), then `time pint_full NS_PER_EVALUATION`: the best
of the repeats, in the thread's CPU time.
"""
import math
import sys
import time
import timeit
from dataclasses import dataclass
from enum import Enum
from typing import Optional

import pint

ureg = pint.UnitRegistry()
ureg.define("token = []")
ureg.define("param = []")
ureg.define("flop = [compute]")
Q = ureg.Quantity
B = ureg.byte
TOKEN = ureg.token
PARAM = ureg.param
FLOP = ureg.flop

KORTHIKANTI_PER_TOKEN_BYTES = 34
KORTHIKANTI_SCORE_BYTES = 5


class Recompute(Enum):
    none = 0
    selective = 1
    full = 2


@dataclass
class Transformer:
    name: str
    params: pint.Quantity
    layers: int
    hidden_dim: int
    heads: int
    kv_heads: int
    context_length: pint.Quantity


GPT3_175B = Transformer("GPT-3 175B", 175e9 * PARAM, 96, 12288, 96, 96, 2048 * TOKEN)


# --- the natives (stdlib/physics) ---------------------------------------------------------

def activation_memory(layers, seq_len, micro_batch, hidden, heads, bytes_per_element, strategy):
    t = 1
    s = seq_len.m_as(TOKEN)
    sbh = s * micro_batch * hidden
    replicated = 10
    linear = replicated + (KORTHIKANTI_PER_TOKEN_BYTES - replicated) / t
    scores = KORTHIKANTI_SCORE_BYTES * heads * s / (hidden * t)
    if strategy is Recompute.none:
        per_layer = sbh * (linear + scores)
    elif strategy is Recompute.selective:
        per_layer = sbh * linear
    else:
        per_layer = sbh * 2
    width_scale = (bytes_per_element / (2.0 * B)).m_as("")
    return layers * per_layer * width_scale * B


FORWARD_WORK = Q(2.0, "flop / param / token")
BACKWARD_WORK = Q(4.0, "flop / param / token")


def training_flops(params, tokens, recompute_forward=False):
    per_param_token = FORWARD_WORK + BACKWARD_WORK + (
        FORWARD_WORK if recompute_forward else 0.0 * FORWARD_WORK)
    return per_param_token * params * tokens


def decode_flops(params, tokens=1 * TOKEN):
    return FORWARD_WORK * params * tokens


# --- the scenario ----------------------------------------------------------------------------

def activation_memory_scenario(workload: Transformer, micro_batch: int,
                               seq_len: Optional[pint.Quantity] = None,
                               precision_bytes: pint.Quantity = 2 * B,
                               normalization_per_layer: Optional[pint.Quantity] = None,
                               ffn_multiple: int = 4,
                               checkpoint_segments: Optional[int] = None):
    """All 21 properties of ActivationMemory, in declaration order."""
    if checkpoint_segments is None:
        checkpoint_segments = round(math.sqrt(workload.layers))
    w = workload
    sequence = seq_len if seq_len is not None else w.context_length
    positions = sequence / TOKEN
    per_token_bytes_coefficient = KORTHIKANTI_PER_TOKEN_BYTES * precision_bytes / 2
    score_bytes_coefficient = (KORTHIKANTI_SCORE_BYTES * w.heads * sequence / w.hidden_dim
                               * precision_bytes / 2)
    score_share = score_bytes_coefficient / (per_token_bytes_coefficient
                                             + score_bytes_coefficient)

    def activations(strategy):
        return activation_memory(w.layers, sequence, micro_batch, w.hidden_dim, w.heads,
                                 precision_bytes, strategy)

    def elements(width):
        return micro_batch * sequence * width

    selective = activations(Recompute.selective)
    per_token_activations = selective
    per_sequence_activations = per_token_activations / micro_batch
    segment_layers = w.layers // checkpoint_segments
    segment_input = elements(w.hidden_dim) * precision_bytes
    segment_inputs = checkpoint_segments * segment_input
    live_segment = per_token_activations / w.layers * segment_layers
    checkpointed_activations = segment_inputs + live_segment
    score_activations = activations(Recompute.none) - selective
    projection_activations_per_layer = 4 * elements(w.hidden_dim) * precision_bytes
    ffn_activations_per_layer = elements(ffn_multiple * w.hidden_dim) * precision_bytes
    score_activations_per_layer = score_activations / w.layers
    line_items_per_layer = (projection_activations_per_layer + ffn_activations_per_layer
                            + score_activations_per_layer
                            + (normalization_per_layer if normalization_per_layer is not None
                               else 0 * ureg.MB))
    line_items_total = line_items_per_layer * w.layers
    forward_equivalents = (training_flops(w.params, 1 * TOKEN)
                           / decode_flops(w.params, 1 * TOKEN))
    recompute_overhead = (training_flops(w.params, 1 * TOKEN, recompute_forward=True)
                          / training_flops(w.params, 1 * TOKEN) - 1)
    recompute_forward_equivalents = forward_equivalents * (1 + recompute_overhead)
    return {
        "sequence": sequence,
        "positions": positions,
        "per_token_bytes_coefficient": per_token_bytes_coefficient,
        "score_bytes_coefficient": score_bytes_coefficient,
        "score_share": score_share,
        "per_token_activations": per_token_activations,
        "per_sequence_activations": per_sequence_activations,
        "segment_layers": segment_layers,
        "segment_input": segment_input,
        "segment_inputs": segment_inputs,
        "live_segment": live_segment,
        "checkpointed_activations": checkpointed_activations,
        "score_activations": score_activations,
        "projection_activations_per_layer": projection_activations_per_layer,
        "ffn_activations_per_layer": ffn_activations_per_layer,
        "score_activations_per_layer": score_activations_per_layer,
        "line_items_per_layer": line_items_per_layer,
        "line_items_total": line_items_total,
        "forward_equivalents": forward_equivalents,
        "recompute_forward_equivalents": recompute_forward_equivalents,
        "recompute_overhead": recompute_overhead,
    }


# Reckon's base unit of each property (pint's information units are dimensionless, like
# its counting units here, so the dimension alone does not tell bytes from tokens).
BASE_UNIT = {"sequence": "token", "positions": "", "score_share": "", "segment_layers": "",
             "forward_equivalents": "", "recompute_forward_equivalents": "",
             "recompute_overhead": ""}


def base_value(name, q):
    """A property's value in Reckon's base units (B, token, or a plain number)."""
    if not isinstance(q, pint.Quantity):
        return float(q)
    return float(q.m_as(BASE_UNIT.get(name, "byte")))


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    micro_batch = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    for name, q in activation_memory_scenario(GPT3_175B, micro_batch).items():
        print(f"value {name} {base_value(name, q)!r}")
    sys.stdout.flush()

    state = {"i": 0}

    def one():
        state["i"] += 1
        return activation_memory_scenario(GPT3_175B, 1 + (state["i"] & 7))

    # The thread's CPU time, not the wall clock: time spent descheduled while other
    # processes run does not count (the C++ benchmarks measure the same way).
    timer = timeit.Timer(one, timer=time.thread_time)
    number, elapsed = timer.autorange()  # at least 0.2 s
    repeat = max(3, int(seconds / max(elapsed, 1e-9)))
    best = min(timer.repeat(repeat=repeat, number=number)) / number
    print(f"time pint_full {best * 1e9:.3f}")


if __name__ == "__main__":
    main()
