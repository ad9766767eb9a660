# Evaluation releases the GIL; sessions are safe to share between threads
# (docs/python.md, "Threads"). Two threads start together (a barrier) and evaluate at
# once, on one program and on two; every result must equal the one computed alone.
import threading

import reckon

TRAINING = "scenarios/training.rk"
SELECTIVE_B1 = 34 * 2048 * 12288 * 96  # Korthikanti et al. 2022, Sec. 4.1, at b = 1


def run_together(work):
    barrier = threading.Barrier(len(work))
    results, errors = [None] * len(work), []

    def run(i):
        try:
            barrier.wait()
            results[i] = work[i]()
        except Exception as e:  # a failure in a thread must fail the test
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(work))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


def evaluations(program, batches):
    case = program["Gpt3ActivationsMicrobatch4"]
    return [case.with_(micro_batch=b).per_token_activations.base_value for b in batches]


def test_two_threads_on_one_program():
    program = reckon.load(TRAINING)
    batches = list(range(1, 41))
    a, b = run_together([lambda: evaluations(program, batches),
                         lambda: evaluations(program, batches[::-1])])
    assert a == [b_ * SELECTIVE_B1 for b_ in batches]
    assert b == a[::-1]


def test_two_threads_on_two_programs_and_a_sweep():
    first, second = reckon.load(TRAINING), reckon.load(TRAINING)
    batches = list(range(1, 41))
    sweep = lambda: list(second.sweep("Gpt3ActivationsMicrobatch4",  # noqa: E731
                                      vary={"micro_batch": batches},
                                      show=["per_token_activations"])["per_token_activations"])
    values, swept = run_together([lambda: evaluations(first, batches), sweep])
    assert values == [b * SELECTIVE_B1 for b in batches]
    assert swept == [b * SELECTIVE_B1 / 1e9 for b in batches]
