"""The limits checked on a text before it is parsed (coach/limits.py), above all ``toml_problem``.

``toml_problem`` must refuse what would make ``tomllib`` recurse or allocate without
bound (brackets nested too deep, a dotted key or ``[table.header]`` with too many
parts, a number too long to convert) and accept every real TOML text, whatever its
strings and comments hold. Whether it stays linear is shown by its effect here
(each case is refused or accepted before ``tomllib`` would have blown up) and by
the figures of ``benchmarks/bench_hostile.py``; no test here asserts a time.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from coach.i18n import get_translator
from coach.limits import MAX_FILE_BYTES, MAX_NUMBER_TEXT, MAX_TOML_DEPTH, kb_up, read_text_file, toml_problem
from coach.rooms import import_histories

ROOT = Path(__file__).resolve().parents[1]
IT = get_translator("it")
KEYS_NEEDLE = "parti separate da punti"


def dotted(parts: int, quoted: bool = False) -> str:
    part = '"a.b"' if quoted else "a"
    return ".".join([part] * parts)


def italian(text: str) -> str:
    problem = toml_problem(text)
    assert problem is not None, f"accepted: {text[:60]!r}"
    return IT.render(problem)


# -- dotted keys and table headers --------------------------------------------------------


def test_the_issue_file_a_47_kb_dotted_key_is_refused_with_the_numbers() -> None:
    text = 'variant = "NT"\nmeta' + ".a" * 24_000 + " = 1\n"
    assert len(text) > 47_000
    said = italian(text)
    assert said == ("una chiave o il nome di una [sezione] ha 24.001 parti separate da punti, "
                    "più del limite di 8 (riga 2).")


@pytest.mark.parametrize("template", [
    "{key} = 1\n",  # a dotted key
    "[{key}]\nx = 1\n",  # a table header
    "[[{key}]]\nx = 1\n",  # an array of tables
    "x = {{ {key} = 1 }}\n",  # a key inside an inline table
    "[a]\n{key} = 1\n",  # a key inside a table
    "x = 1\n  {key}   =   1  # a comment\n",  # indented, on line 2
])
def test_a_key_with_one_part_too_many_is_refused_where_keys_are(template: str) -> None:
    at_limit = template.format(key=dotted(MAX_TOML_DEPTH))
    assert toml_problem(at_limit) is None
    tomllib.loads(at_limit)  # and it is TOML
    over = template.format(key=dotted(MAX_TOML_DEPTH + 1))
    assert KEYS_NEEDLE in italian(over)
    assert f"{MAX_TOML_DEPTH + 1} parti" in italian(over)


def test_spaces_around_the_dots_do_not_hide_the_parts() -> None:
    key = " . ".join(["a"] * (MAX_TOML_DEPTH + 1))
    tomllib.loads(f"{key} = 1")  # TOML allows them
    assert KEYS_NEEDLE in italian(f"{key} = 1")


def test_a_quoted_part_is_one_part_whatever_dots_it_holds() -> None:
    text = dotted(MAX_TOML_DEPTH, quoted=True) + " = 1\n"  # 8 parts, 16 dots inside the quotes
    assert toml_problem(text) is None
    data = tomllib.loads(text)
    assert list(data) == ["a.b"]
    assert toml_problem("'x.y.z.w.v.u.t.s.r.q' = 1\n") is None  # one literal part
    assert toml_problem('"x\\".y.z.w.v.u.t.s.r" = 1\n') is None  # an escaped quote does not end it
    over = ".".join(['"a.b"', "'c.d'", *["e"] * MAX_TOML_DEPTH])
    assert f"{MAX_TOML_DEPTH + 2} parti" in italian(over + " = 1\n")


@pytest.mark.parametrize("text", [
    'x = "' + dotted(50) + '"\n',  # a string value
    "x = '" + dotted(50) + "'\n",  # a literal string
    "x = 1  # " + dotted(50) + "\n",  # a comment
    '# ' + dotted(50) + "\n",
    'x = """\n' + dotted(50) + '\n"""\n',  # a multi-line string
    "x = '''\n" + dotted(50) + "\n'''\n",
    'x = """a "" ' + dotted(50) + ' ""b"""\n',  # quotes inside a multi-line string
    'x = """ends with two quotes"""""\ny = "' + dotted(50) + '"\n',
    "d = 1979-05-27T07:32:00.999999Z\nf = [1.5, -0.25, 6.02e23, inf, nan]\nv = 1.2\n",
    'actions = ["p1 cbr 1.50", "d db 2s3s4d # c.c.c.c.c.c.c.c.c.c"]\n',
])
def test_dots_in_strings_comments_and_values_are_not_keys(text: str) -> None:
    tomllib.loads(text)
    assert toml_problem(text) is None


@pytest.mark.parametrize("text", [
    'x = """a"""" , y = 1\n' + dotted(MAX_TOML_DEPTH + 1) + " = 1\n",  # a string closed by 4 quotes
    "x = '''a'''''\n" + dotted(MAX_TOML_DEPTH + 1) + " = 1\n",
    'x = "a\\"b"\n' + dotted(MAX_TOML_DEPTH + 1) + " = 1\n",  # an escaped quote closes nothing
    'x = "not closed\n' + dotted(MAX_TOML_DEPTH + 1) + " = 1\n",  # a broken string ends at its line
    "x = 1 # c\n" + dotted(MAX_TOML_DEPTH + 1) + " = 1\n",
])
def test_the_end_of_a_string_or_comment_is_found_exactly(text: str) -> None:
    assert KEYS_NEEDLE in italian(text)


def test_every_real_text_of_the_app_passes() -> None:
    files = [*(ROOT / "lessons").rglob("*.toml"), *(ROOT / "coach" / "feedback" / "data").glob("*.toml"),
             *(ROOT / "tests" / "data" / "seeds").glob("*.phh")]
    assert len(files) > 10
    for path in files:
        assert toml_problem(path.read_text(encoding="utf-8")) is None, path


# -- brackets and numbers (the limits that were there before, through the new scan) ------------


def test_brackets_nested_one_too_deep_are_refused() -> None:
    ok = "x = " + "[" * MAX_TOML_DEPTH + "]" * MAX_TOML_DEPTH
    assert toml_problem(ok) is None
    assert "annidate più di 8 livelli" in italian("x = " + "[" * 9 + "]" * 9)
    assert "annidate più di 8 livelli" in italian("x = " + "{a = " * 9 + "1" + "}" * 9)
    assert toml_problem('x = "' + "[" * 50 + '"') is None  # brackets in a string are text


def test_a_number_too_long_is_refused_as_an_integer_or_a_float() -> None:
    assert "più di 64 cifre" in italian("x = " + "9" * (MAX_NUMBER_TEXT + 1))
    assert "più di 64 cifre" in italian("x = 1." + "9" * (MAX_NUMBER_TEXT + 1))
    assert toml_problem("x = 1." + "9" * MAX_NUMBER_TEXT) is None
    assert toml_problem('x = "' + "9" * 500 + '"') is None


def test_a_file_just_over_the_limit_never_reads_as_the_limit(tmp_path: Path) -> None:
    """Issue 28: 16 MiB + 100 B said «16.384 KB, più del limite di 16.384 KB»."""
    assert kb_up(MAX_FILE_BYTES) == MAX_FILE_BYTES // 1024
    assert kb_up(MAX_FILE_BYTES + 1) == MAX_FILE_BYTES // 1024 + 1
    over = b"x" * (MAX_FILE_BYTES + 100)
    said = IT.render(import_histories(over, source="a.txt").problem)  # type: ignore[arg-type]
    assert said == "il file è di 16.385 KB, più del limite di 16.384 KB."
    path = tmp_path / "big.txt"
    path.write_bytes(over)
    text, problem = read_text_file(path)
    assert text is None and problem is not None and problem.params["size"] > problem.params["limit"]
