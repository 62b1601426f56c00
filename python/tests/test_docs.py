"""The documentation is true: every docstring example of the package, and
the Python sections of README.md and docs/guide.md, run as doctests; the type stubs match the module
(mypy's stubtest)."""

import doctest
import inspect
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import hupai
from conftest import REPO

GLOBS = {"hupai": hupai, "np": np}


def docstrings():
    yield "hupai", hupai.__doc__
    for name in hupai.__all__:
        obj = getattr(hupai, name)
        yield f"hupai.{name}", getattr(obj, "__doc__", None)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                # Methods and getters; plain class data (an exception's
                # `.row = None` default) carries no docstring of its own.
                if not attr.startswith("_") and (callable(member) or inspect.isdatadescriptor(member)
                                                 or inspect.isgetsetdescriptor(member)):
                    yield f"hupai.{name}.{attr}", getattr(member, "__doc__", None)


def run(name, text):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, dict(GLOBS), name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False), len(test.examples)


def test_docstring_examples():
    examples = 0
    for name, text in docstrings():
        if text and ">>>" in text:
            result, n = run(name, text)
            assert result.failed == 0, name
            examples += n
    assert examples >= 40


def test_every_public_item_is_documented():
    missing = [name for name, text in docstrings() if not text or not text.strip()]
    assert not missing, missing


def python_section(path, minimum):
    with open(os.path.join(REPO, path), encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"^## Python\n(.*?)(?=^## )", text, re.S | re.M)
    assert section, f"{path} has a '## Python' section"
    blocks = re.findall(r"```pycon\n(.*?)```", section.group(1), re.S)
    assert blocks
    result, n = run(f"{path}#python", "\n".join(blocks))
    assert result.failed == 0 and n >= minimum


def test_guide_python_tour():
    python_section("docs/guide.md", 15)


def test_readme_python_example():
    python_section("README.md", 2)


def test_stubs_match_the_module():
    pytest.importorskip("mypy")
    run = subprocess.run([sys.executable, "-m", "mypy.stubtest", "hupai"], capture_output=True, text=True, timeout=600,
                         cwd="/")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
