"""The layering of ``toolkit/``, read from the source with ``ast``: no module-level import cycle,
and engines that never import a display.

A cycle makes a module's meaning depend on which of its circle was imported first; the engines are
pure Python that a script, a walk or a test runs without a notebook, so only the displays and the
widgets import those, and the displays import the engines, never the reverse.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRESENTATION = {"display", "widget", "widgets"}  # the modules that draw and click
DRAWING = ("ipywidgets", "IPython")  # what only those may import, beside each other


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted((ROOT / "toolkit").rglob("*.py"))}


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(module: str, *, module_level: bool) -> set[str]:
    """The modules `module` imports, each named in full (``from toolkit.x import y`` is
    ``toolkit.x.y`` when that is a module, else ``toolkit.x``; a relative import is resolved).
    `module_level` keeps those that run when the module is imported: not inside a function, nor
    under ``if TYPE_CHECKING:`` (annotations only, never run)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if module_level and (
                isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                or _type_checking(child)
            ):
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(parts + ([child.module] if child.module else []))
                for alias in child.names:
                    full = f"{base}.{alias.name}"
                    found.add(full if full in MODULES else base)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def graph() -> dict[str, set[str]]:
    """Each toolkit module to the toolkit modules it imports at module level."""
    return {
        module: {target for target in imports(module, module_level=True) if target in MODULES}
        - {module}
        for module in MODULES
    }


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `edges` as the path round it (first module repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state and (found := walk(target)):
                return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(edges):
        if node not in state and (found := walk(node)):
            return found
    return None


def test_the_cycle_finder_finds_a_cycle_and_passes_a_tree():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_graph_reads_every_kind_of_import():
    edges = graph()
    assert "toolkit.state" in edges["toolkit.games"] or "toolkit.games" in edges["toolkit.state"]
    # ``from toolkit.to_the_death import main_step`` names the module, not the package
    assert "toolkit.to_the_death.main_step" in edges["toolkit.to_the_death.rules"]
    assert "toolkit.to_the_death" not in edges["toolkit.to_the_death.rules"]
    # a display's import inside a function counts for the engine rule, not for the cycles
    assert "toolkit.death_may_die.display" in imports(
        "toolkit.death_may_die.widget", module_level=False
    )


def test_no_module_level_import_cycle_in_toolkit():
    found = cycle(graph())
    assert found is None, "import cycle: " + " -> ".join(found)


@pytest.mark.parametrize("module", [m for m in MODULES if m.rpartition(".")[2] not in PRESENTATION])
def test_no_engine_imports_a_display_or_a_widget(module):
    drawing = {
        target
        for target in imports(module, module_level=False)
        if target.split(".")[0] in DRAWING
        or (target.startswith("toolkit.") and target.rpartition(".")[2] in PRESENTATION)
    }
    assert not drawing, f"{module} imports {sorted(drawing)}"
