# help() is useful: the public functions and methods have their parameters in their
# signatures and a docstring, and a case's methods (made from the Reckon file) carry the
# method's own parameters, result type and doc comment.
import inspect

import pytest

import reckon

TRAINING = "scenarios/training.rk"


def parameters(f):
    return list(inspect.signature(f).parameters)


def test_the_main_functions_and_methods():
    assert parameters(reckon.load) == ["path", "digits"]
    assert parameters(reckon.eval) == ["expression"]
    assert parameters(reckon.explain) == ["expression", "format", "depth"]
    assert parameters(reckon.Program.eval) == ["self", "expression", "case", "set"]
    assert parameters(reckon.Program.sweep)[:4] == ["self", "case", "vary", "show"]
    assert parameters(reckon.Case.explain) == ["self", "expression", "format", "depth"]
    assert parameters(reckon.Quantity) == ["value", "unit"]
    assert parameters(reckon.Quantity.to) == ["self", "unit"]
    assert parameters(reckon.Quantity.m_as) == ["self", "unit"]
    assert parameters(reckon.Quantity.to_pint) == ["self", "registry"]
    assert inspect.signature(reckon.explain).parameters["format"].default == "text"


def public_members():
    for cls in [reckon.Program, reckon.Case, reckon.Quantity, reckon.Record, reckon.Explanation,
                reckon.List, reckon.Map, reckon.ReckonError]:
        for name, member in vars(cls).items():
            if not name.startswith("_"):
                yield f"{cls.__name__}.{name}", member
    for name in ["load", "eval", "explain", "pint_registry"]:
        yield name, getattr(reckon, name)


@pytest.mark.parametrize("name,member", list(public_members()))
def test_every_public_member_has_a_docstring(name, member):
    doc = member.fget.__doc__ if isinstance(member, property) else member.__doc__
    assert doc and doc.strip(), f"{name} has no docstring"


def test_a_case_method_has_its_reckon_signature_and_doc():
    case = reckon.load(TRAINING)["Gpt3ActivationsMicrobatch4"]
    method = case.activations
    # scenarios/training.rk: `activations(strategy: Recompute): B =`, under a `##` comment.
    signature = inspect.signature(method)
    assert list(signature.parameters) == ["strategy"]
    assert signature.return_annotation.startswith("B")
    assert method.__name__ == "activations"
    doc = inspect.getdoc(method)
    assert doc.startswith("activations(strategy): B")
    assert "Activation footprint for the named recomputation strategy." in doc
    # The signature is the one calls are checked against: keywords by those names.
    assert method(strategy="selective") == method("selective")
