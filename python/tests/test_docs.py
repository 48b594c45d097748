"""The examples of docs/PYTHON.md run as written, each block on its own, and give the
values their comments show."""

import ast
import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "PYTHON.md"


def shown_value(comment):
    """The Python value a comment starts with (`# 40`, `# ['1', '2']: ...`), if any."""
    text = comment.strip()
    if not text or text[0] not in "[{('0123456789-":
        return None
    for end in range(len(text), 0, -1):
        try:
            return (eval(text[:end], {}),)
        except Exception:
            continue
    return None


def test_the_examples_run_and_give_the_values_shown():
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    checked = 0
    for block in re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S):
        ns = {}
        lines = block.splitlines()
        for node in ast.parse(block).body:
            src = ast.get_source_segment(block, node)
            comment = lines[node.end_lineno - 1].partition("  # ")[2]
            want = shown_value(comment) if isinstance(node, ast.Expr) else None
            if want is None:
                exec(compile(ast.Module([node], []), "PYTHON.md", "exec"), ns)
            else:
                assert eval(src, ns) == want[0], src
                checked += 1
    assert checked >= 10
