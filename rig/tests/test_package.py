"""The rig as a package: every command answers --help when run as `python3 -m rig.NAME`,
and the modules' imports form no cycle (commands import library modules, never the other
way round)."""

import ast
import pathlib

import pytest

from rig.tests import run

RIG = pathlib.Path(__file__).resolve().parent.parent
COMMANDS = ["sprt", "recount", "pool", "clocks", "score_gap", "endgame_book", "spsa", "match",
            "book", "datagen", "label", "siblings"]
LIBRARY = ["stats", "engines", "games", "openings", "pairs", "workers", "uci_pipe", "paths"]


def rig_imports(module):
    """The rig modules `module` imports (`from rig import x`, `from rig.x import ...`)."""
    found = set()
    for node in ast.walk(ast.parse((RIG / f"{module}.py").read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "rig":
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rig."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("rig.")}
    return found


def test_every_module_is_listed():
    assert sorted(p.stem for p in RIG.glob("*.py") if p.stem != "__init__") == sorted(
        COMMANDS + LIBRARY)


def test_no_import_cycle_and_no_library_module_imports_a_command():
    graph = {m: rig_imports(m) for m in COMMANDS + LIBRARY}
    for module in LIBRARY:
        assert not graph[module] & set(COMMANDS), module
    done, active = set(), []

    def visit(module):
        assert module not in active, "import cycle: " + " -> ".join(active + [module])
        if module in done:
            return
        active.append(module)
        for dep in graph[module]:
            visit(dep)
        active.pop()
        done.add(module)

    for module in graph:
        visit(module)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_answers_help(command):
    proc = run(command, "--help", timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage:")
