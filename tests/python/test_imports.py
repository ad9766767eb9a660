# The package's modules import each other one way (python/reckon: _native, errors ->
# pint_units, display, _stdlib -> quantity -> source, values -> sweeps -> program ->
# distributed, __init__). A cycle, even through an import inside a function, fails here:
# each module's imports are read from its syntax tree, not by importing it.
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "python" / "reckon"


def imports_of(package, package_name="reckon", extensions=("_reckon",)):
    """Module name -> the package's modules it imports, anywhere in its body
    (``extensions``: compiled modules, which import nothing of the package)."""
    modules = {p.stem for p in package.glob("*.py")} | set(extensions)
    graph = {}
    for path in package.glob("*.py"):
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 0 and not (node.module or "").startswith(package_name):
                    continue
                parts = (node.module or "").split(".")
                if node.level == 0:
                    parts = parts[1:]  # reckon.x -> x
                if parts and parts[0]:
                    targets.add(parts[0])
                else:  # from . import a, b: modules, or names of the package's __init__
                    targets |= {a.name if a.name in modules else "__init__" for a in node.names}
            elif isinstance(node, ast.Import):
                for a in node.names:
                    parts = a.name.split(".")
                    if parts[0] == package_name:
                        targets.add(parts[1] if len(parts) > 1 else "__init__")
        graph[path.stem] = sorted(t for t in targets if t in modules and t != path.stem)
    return graph


def a_cycle(graph):
    """One import cycle of ``graph`` as a list of modules (first repeated at the end),
    or None."""
    state = {}  # absent: not seen; 1: on the current path; 2: done

    def visit(module, path):
        state[module] = 1
        for target in graph.get(module, []):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target, path + [target])
                if found:
                    return found
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module, [module])
            if found:
                return found
    return None


def test_the_package_imports_one_way():
    graph = imports_of(PACKAGE)
    assert {"program", "quantity", "display", "sweeps", "pint_units"} <= set(graph)
    cycle = a_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)
    # Only the package's own __init__ and the top layer import the program layer, and
    # display knows no class of the package.
    assert sorted(m for m, ts in graph.items() if "program" in ts) == ["__init__", "distributed"]
    assert graph["display"] == []


def test_the_check_finds_cycles_through_functions_and_the_package(tmp_path):
    package = tmp_path / "reckon"
    package.mkdir()
    (package / "__init__.py").write_text("from .a import A\n")
    (package / "a.py").write_text("from . import b\nA = 1\n")
    (package / "b.py").write_text("def f():\n    from .c import C\n    return C\n")
    (package / "c.py").write_text("import reckon.a\nC = 2\n")
    assert a_cycle(imports_of(package)) == ["a", "b", "c", "a"]
    # A module importing a name of the package itself goes through __init__.
    (package / "c.py").write_text("C = 2\n")
    (package / "b.py").write_text("from . import A\n")
    assert a_cycle(imports_of(package)) == ["__init__", "a", "b", "__init__"]
    (package / "b.py").write_text("B = 1\n")
    assert a_cycle(imports_of(package)) is None
