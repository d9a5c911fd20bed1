"""The READMEs' Spark snippets, run as a newcomer runs them: in a venv that
holds only what the README's `pip install` line installs, after the README's
set-up lines, each snippet as a program of its own, its output checked
against the output the README shows.

Each snippet is found by the marker before its fence (``<!-- spark: NAME
-->``), so edits elsewhere move nothing; a missing marker fails.

The venv (``target/python/readme-venv``) is made by ``python3 -m venv`` and
``pip install WHEEL[EXTRAS]``, with the extras of the README's line and the
wheel that ``.ci/python.sh test`` builds from ``crates/python`` (what pip
builds from ``./crates/python`` too, without compiling it twice), pinned to
``requirements-test.txt``. It is kept for the next run while the wheel's
requirements, the pins and the Python are the same, and made again
otherwise; a kept one gets the new wheel's urikit alone.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import REPO

README = REPO / "README.md"
PYTHON_README = REPO / "crates" / "python" / "README.md"
JVM_README = REPO / "crates" / "jvm" / "README.md"
READMES = [README, PYTHON_README, JVM_README]

WHEELS = REPO / "target" / "python" / "wheels"
VENV = REPO / "target" / "python" / "readme-venv"
PINS = REPO / "crates" / "python" / "requirements-test.txt"

NOT_RUN = {
    # A job shipped with a packed venv to a cluster's executors: it needs a
    # cluster, venv-pack and a wheel built for the executors.
    "cluster",
}
"""Marked snippets that no test runs, and why."""

VENV_LINE = re.compile(r"python3 -m venv (\S+) && \. \1/bin/activate")
PIP_LINE = re.compile(r"pip install -v '\./crates/python\[([a-z,]+)\]'(\s+#.*)?")


def snippets(readme: Path) -> dict:
    """The marked fenced blocks of a README, by name: ``<!-- spark: NAME -->``
    on the line before the fence."""
    text = readme.read_text(encoding="utf-8")
    found: dict = {}
    marked = r"^([ \t]*)<!-- spark: ([a-z -]+) -->\n\1```[a-z]*\n(.*?)^\1```$"
    for indent, name, body in re.findall(marked, text, flags=re.M | re.S):
        assert name not in found, f"{readme.name}: two Spark snippets marked {name!r}"
        found[name] = re.sub(rf"^{indent}", "", body, flags=re.M)
    return found


def snippet(readme: Path, name: str) -> str:
    found = snippets(readme)
    assert name in found, (
        f"{readme.relative_to(REPO)} has no Spark snippet marked {name!r} "
        f"(<!-- spark: {name} --> on the line before its fence)"
    )
    return found[name]


def test_every_spark_snippet_is_marked() -> None:
    # A fenced block that speaks of Spark and carries no marker would go
    # untested: each one is marked, and each marked one is run below or
    # named in NOT_RUN.
    for readme in READMES:
        text = readme.read_text(encoding="utf-8")
        blocks = r"^([^\n]*)\n([ \t]*)```[a-z]*\n(.*?)^\2```$"
        for before, _, body in re.findall(blocks, text, flags=re.M | re.S):
            if re.search(r"spark|jvm/build\.sh", body, flags=re.I):
                assert before.lstrip().startswith("<!-- spark: "), f"{readme.name}: an unmarked Spark snippet:\n{body}"
    assert set(snippets(README)) == {"set-up", "example", "example output"}
    assert set(snippets(PYTHON_README)) == {
        "set-up",
        "batch size",
        "jvm build",
        "jvm build output",
        "jvm example",
        "jvm example output",
    } | NOT_RUN
    assert set(snippets(JVM_README)) == {"jvm build"}


def set_up() -> tuple:
    """The README's set-up lines: the extras of its pip line, and the lines
    the test runs as written (all but the venv and pip lines, which
    :func:`readme_venv` stands for)."""
    lines = [line for line in snippet(README, "set-up").splitlines() if line.strip()]
    assert lines and VENV_LINE.fullmatch(lines[0]), f"the set-up starts with no new venv: {lines[:1]}"
    pip = [m for m in map(PIP_LINE.fullmatch, lines) if m]
    assert len(pip) == 1, "the set-up has no pip install line of ./crates/python with extras"
    rest = [line for line in lines[1:] if not PIP_LINE.fullmatch(line)]
    for line in rest:
        # Run as written; an install or the like would want a test of its own.
        assert re.match(r"export [A-Z_]+=", line), f"a set-up line this test does not know: {line}"
    return pip[0].group(1).split(","), rest


def test_both_readmes_set_up_alike() -> None:
    assert snippet(PYTHON_README, "set-up") == snippet(README, "set-up")
    extras, _ = set_up()
    assert "spark" in extras


def test_batch_size_line_is_in_the_example_that_runs() -> None:
    for line in snippet(PYTHON_README, "batch size").splitlines():
        assert line in snippet(README, "example").splitlines(), line


def wheel() -> Path:
    found = sorted(WHEELS.glob("urikit-*.whl"))
    assert len(found) == 1, f"want one wheel in {WHEELS}, found {found}: .ci/python.sh test builds it"
    return found[0]


def without_venvs(path: str) -> str:
    """PATH without the bin folders of venvs (this test's own, for one)."""
    keep = [p for p in path.split(os.pathsep) if p and not (Path(p).parent / "pyvenv.cfg").is_file()]
    return os.pathsep.join(keep)


def clean_env() -> dict:
    """The caller's environment without what would choose a Python, a Spark
    or a spec for the snippets behind the README's back."""
    drop = {
        "PYSPARK_PYTHON",
        "PYSPARK_DRIVER_PYTHON",
        "SPARK_HOME",
        "SPARK_JARS",
        "PYTHONPATH",
        "PYTHONHOME",
        "VIRTUAL_ENV",
        "URIKIT_SPEC",
    }
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PATH"] = without_venvs(env.get("PATH", os.defpath))
    return env


@pytest.fixture(scope="module")
def readme_venv() -> Path:
    """A venv made as the README's set-up makes one (see the module docs)."""
    extras, _ = set_up()
    whl = wheel()
    with zipfile.ZipFile(whl) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        requires = [line for line in z.read(meta).decode().splitlines() if line.startswith("Requires-Dist:")]
    env = clean_env()
    python3 = shutil.which("python3", path=env["PATH"])
    assert python3, "no python3 on the PATH"
    version = subprocess.run([python3, "--version"], capture_output=True, text=True, check=True).stdout
    key = hashlib.sha256(repr((extras, requires, PINS.read_text(encoding="utf-8"), version)).encode()).hexdigest()
    stamp = VENV / "readme.sha256"
    pip = [str(VENV / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if stamp.is_file() and stamp.read_text() == key:
        # The same requirements: only urikit is new.
        subprocess.run(pip + ["--no-deps", "--force-reinstall", str(whl)], env=env, check=True)
    else:
        shutil.rmtree(VENV, ignore_errors=True)
        subprocess.run([python3, "-m", "venv", str(VENV)], env=env, check=True)
        subprocess.run(pip + ["-c", str(PINS), f"{whl}[{','.join(extras)}]"], env=env, check=True)
        stamp.write_text(key)
    return VENV


def run(venv: Path, command: str, tmp_path: Path) -> str:
    """Runs ``command`` in bash from the repository root, in the venv, after
    the README's set-up lines; returns its stdout."""
    _, lines = set_up()
    script = tmp_path / "run.sh"
    script.write_text("\n".join(["set -euo pipefail", f'. "{venv}/bin/activate"', *lines, command]) + "\n")
    done = subprocess.run(
        ["bash", str(script)], cwd=REPO, env=clean_env(), capture_output=True, text=True, timeout=900, check=False
    )
    assert done.returncode == 0, f"{command} failed ({done.returncode}):\n{done.stdout}\n{done.stderr[-6000:]}"
    return done.stdout


def run_python(venv: Path, code: str, tmp_path: Path) -> str:
    program = tmp_path / "example.py"
    program.write_text(code, encoding="utf-8")
    return run(venv, f'python "{program}"', tmp_path)


def same_print(got: str, readme_shows: str) -> bool:
    """Whether a program printed what the README shows, but for the blank
    line that ends what Spark's ``show()`` prints."""
    return got.rstrip("\n") == readme_shows.rstrip("\n")


def test_example(readme_venv: Path, tmp_path: Path) -> None:
    out = run_python(readme_venv, snippet(README, "example"), tmp_path)
    assert same_print(out, snippet(README, "example output")), out


@pytest.fixture(scope="module")
def jvm_built(readme_venv: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The README's build line of the JVM UDF, run as written in the venv."""
    build = snippet(PYTHON_README, "jvm build")
    assert snippet(JVM_README, "jvm build") == build
    return run(readme_venv, build, tmp_path_factory.mktemp("jvm-build"))


def test_jvm_build(jvm_built: str) -> None:
    assert same_print(jvm_built, snippet(PYTHON_README, "jvm build output")), jvm_built


def test_jvm_example(readme_venv: Path, jvm_built: str, tmp_path: Path) -> None:
    out = run_python(readme_venv, snippet(PYTHON_README, "jvm example"), tmp_path)
    assert same_print(out, snippet(PYTHON_README, "jvm example output")), out


def test_the_venv_holds_only_the_extras(readme_venv: Path) -> None:
    # Nothing of the test venv leaks in: no pytest, no polars, no duckdb.
    done = subprocess.run(
        [str(readme_venv / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
        capture_output=True,
        text=True,
        check=True,
    )
    names = {line.split("==")[0].lower() for line in done.stdout.splitlines()}
    assert {"urikit", "pyspark", "pandas", "pyarrow"} <= names
    assert not names & {"pytest", "polars", "duckdb", "maturin"}
    assert sys.prefix != str(readme_venv)
