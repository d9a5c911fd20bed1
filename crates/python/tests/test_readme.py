"""The Python examples of the README run, each on its own, and hold."""

from __future__ import annotations

import re

import pytest

from conftest import REPO


def python_examples() -> list:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


EXAMPLES = python_examples()


def test_one_example_per_engine() -> None:
    imports = ["urikit.arrow", "urikit.spark", "polars", "urikit.polars", "duckdb", "urikit.duckdb"]
    assert len(EXAMPLES) == 6
    for name in imports:
        assert any(f"import {name}" in code for code in EXAMPLES), name


# The Spark example runs as a program of its own, in a venv of its own:
# test_readme_spark.py.
@pytest.mark.parametrize("code", [c for c in EXAMPLES if "pyspark" not in c], ids=lambda c: c.split("\n")[-2][:40])
def test_example(code: str) -> None:
    exec(compile(code, "README.md", "exec"), {"__name__": "readme"})


def package_examples(heading: str) -> list:
    """The Python examples of a section of the package README."""
    text = (REPO / "crates" / "python" / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


WHATWG_EXAMPLES = package_examples("As browsers read URLs")
EDITING_EXAMPLES = package_examples("Editing, query parameters and domains")
TEMPLATE_EXAMPLES = package_examples("Templates")
DUCKDB_EXAMPLES = [c for c in package_examples("Polars and DuckDB") if "urikit.duckdb" in c]
POLARS_EXAMPLES = [c for c in package_examples("Polars and DuckDB") if "urikit.polars" in c]


def test_whatwg_examples_are_found() -> None:
    assert len(WHATWG_EXAMPLES) == 2
    assert len(EDITING_EXAMPLES) == 1
    assert len(TEMPLATE_EXAMPLES) == 1
    assert len(DUCKDB_EXAMPLES) == 1
    assert len(POLARS_EXAMPLES) == 1


@pytest.mark.parametrize("code", WHATWG_EXAMPLES, ids=lambda c: c.split("\n")[0][:40])
def test_whatwg_example(code: str) -> None:
    exec(compile(code, "crates/python/README.md", "exec"), {"__name__": "readme"})


@pytest.mark.parametrize("code", EDITING_EXAMPLES, ids=lambda c: c.split("\n")[0][:40])
def test_editing_example(code: str) -> None:
    exec(compile(code, "crates/python/README.md", "exec"), {"__name__": "readme"})


@pytest.mark.parametrize("code", TEMPLATE_EXAMPLES, ids=lambda c: c.split("\n")[0][:40])
def test_template_example(code: str) -> None:
    exec(compile(code, "crates/python/README.md", "exec"), {"__name__": "readme"})


@pytest.mark.parametrize("code", DUCKDB_EXAMPLES, ids=lambda c: c.split("\n")[0][:40])
def test_duckdb_example(code: str) -> None:
    exec(compile(code, "crates/python/README.md", "exec"), {"__name__": "readme"})


@pytest.mark.parametrize("code", POLARS_EXAMPLES, ids=lambda c: c.split("\n")[0][:40])
def test_polars_example(code: str) -> None:
    exec(compile(code, "crates/python/README.md", "exec"), {"__name__": "readme"})
