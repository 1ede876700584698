"""Catalog chores after ``make messages``.

``manage.py translations compile``: write each catalog's ``django.mo`` next
to its ``.po`` with polib (no gettext tools needed; ``make messages`` and
``make install`` run it; the ``.mo`` files are committed and
tests/league/test_translations.py checks they match). ``manage.py
translations report``: per catalog, the entries with no
translation or marked fuzzy (exit status 1 if any), so a merge's new strings
are easy to find. ``manage.py translations derive-hans``: fill the empty (or,
with ``--all``, every) Simplified Chinese entry from the Traditional one with
OpenCC (``tw2sp``), then apply :data:`HANS_FIXES`, the reviewed corrections
of OpenCC's choices (see docs/glossary.md). Both need ``polib`` (dev extra);
``derive-hans`` also ``opencc``.
"""
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

LANGUAGES = ("zh_Hant", "zh_Hans", "th")
HANS_FIXES = {  # OpenCC's phrase choice -> the word this site uses
    "指针": "指标",  # metric, not pointer
    "帐号": "账号",
    "导出档": "导出文件",
    "篋牌": "箧牌",
    "脱机": "离线",  # offline
    "工作阶段": "会话",  # session
}


def catalog_path(language: str) -> Path:
    return Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"


def missing(entry) -> bool:
    if "fuzzy" in entry.flags:
        return True
    if entry.msgid_plural:
        return not entry.msgstr_plural or not all(entry.msgstr_plural.values())
    return not entry.msgstr


def to_hans(text: str, converter) -> str:
    text = converter.convert(text)
    for wrong, right in HANS_FIXES.items():
        text = text.replace(wrong, right)
    return text


class Command(BaseCommand):
    help = "Report untranslated entries, or derive zh_Hans from zh_Hant."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=("report", "derive-hans", "compile"))
        parser.add_argument("--all", action="store_true", help="derive-hans: redo every entry, not only empty ones")

    def handle(self, action, **options):
        import polib

        if action == "compile":
            for language in LANGUAGES:
                path = catalog_path(language)
                if path.exists():
                    polib.pofile(str(path)).save_as_mofile(str(path.with_suffix(".mo")))
                    self.stdout.write(f"{language}: compiled {path.with_suffix('.mo').name}")
            return
        if action == "report":
            total = 0
            for language in LANGUAGES:
                path = catalog_path(language)
                if not path.exists():
                    self.stdout.write(f"{language}: no catalog at {path}")
                    total += 1
                    continue
                todo = [e for e in polib.pofile(str(path)) if not e.obsolete and missing(e)]
                total += len(todo)
                self.stdout.write(f"{language}: {len(todo)} untranslated or fuzzy")
                for entry in todo:
                    where = entry.occurrences[0][0] if entry.occurrences else "?"
                    self.stdout.write(f"  {where}: {entry.msgid!r}")
            if total:
                raise CommandError(f"{total} entries to translate")
            return
        import opencc

        converter = opencc.OpenCC("tw2sp")
        hant = {(e.msgctxt, e.msgid): e for e in polib.pofile(str(catalog_path("zh_Hant")))}
        hans = polib.pofile(str(catalog_path("zh_Hans")))
        done = 0
        for entry in hans:
            source = hant.get((entry.msgctxt, entry.msgid))
            if source is None or missing(source) or not (options["all"] or missing(entry)):
                continue
            if entry.msgid_plural:
                entry.msgstr_plural = {k: to_hans(v, converter) for k, v in source.msgstr_plural.items()}
            else:
                entry.msgstr = to_hans(source.msgstr, converter)
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
            done += 1
        hans.save()
        self.stdout.write(f"zh_Hans: {done} entries derived from zh_Hant; review the game words")
