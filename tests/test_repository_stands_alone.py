"""The repository stands alone: it cites its own docs, never texts a newcomer does not have.

The rules are in ``docs/rules.md`` (with their sources quoted sentence by
sentence in its §8); code, tests and docs cite its numbered sections. A
citation of the team's working notes (a ``shared`` folder, ``RULES.md``,
``DESIGN.md``, ``STYLE.md``), of a seed text by number or of an issue number
points at something a clone does not hold.
"""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = re.compile(r"\.\./shared|\bRULES\.md|\bDESIGN\.md|\bSTYLE\.md|(?i:\bseeds? 0\d\d|\bissues? #\d|\(issue \d)")
SECTION = re.compile(r"docs/rules\.md,? (?:§(\d+(?:\.\d+)?)(?:[–-]§?(\d+(?:\.\d+)?))?)")


def tracked_text_files():
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in names:
        if name.startswith(("locale/", "static/")) or name == "tests/test_repository_stands_alone.py":
            continue
        path = ROOT / name
        try:
            yield name, path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue


def rules_sections() -> set[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.MULTILINE))


def test_no_file_cites_notes_seeds_or_issues_a_clone_does_not_hold():
    found = [f"{name}:{n}: {line.strip()}"
             for name, text in tracked_text_files()
             for n, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]
    assert found == []


def test_every_numbered_citation_of_the_rules_names_a_section_that_exists():
    sections = rules_sections()
    assert {"1", "4", "6", "7", "8", "8.3"} <= sections
    missing = [f"{name}: §{ref}"
               for name, text in tracked_text_files()
               for m in SECTION.finditer(text) for ref in m.groups() if ref and ref not in sections]
    assert missing == []
