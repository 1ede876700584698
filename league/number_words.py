"""Numbers spelled out in the reader's language, for the spoken cribbage
count ("fifteen two, a pair is four"; 十五點 二; สิบห้า ได้ สอง).

``scoring`` keeps numbers and English only; a message parameter named
``<name>_words`` is the spelled form of the number ``<name>``, and
:func:`league.i18n.render` respells it here in the active language.
"""
from django.utils.translation import get_language

from scoring.cribbage.show import number_words as english_words

_HAN_DIGITS = "零一二三四五六七八九"
_THAI_DIGITS = ("ศูนย์", "หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า")


def chinese_words(n: int) -> str:
    """0–99 in Chinese numerals, the same in Traditional and Simplified
    script: 十五, 二十一, 二十九."""
    if n < 10:
        return _HAN_DIGITS[n]
    tens, ones = divmod(n, 10)
    return ("" if tens == 1 else _HAN_DIGITS[tens]) + "十" + (_HAN_DIGITS[ones] if ones else "")


def thai_words(n: int) -> str:
    """0–99 in Thai words: สิบห้า, ยี่สิบเอ็ด (a one after the tens is เอ็ด),
    ยี่สิบเก้า."""
    if n < 10:
        return _THAI_DIGITS[n]
    tens, ones = divmod(n, 10)
    word = {1: "", 2: "ยี่"}.get(tens, _THAI_DIGITS[tens]) + "สิบ"
    return word + ("" if not ones else "เอ็ด" if ones == 1 else _THAI_DIGITS[ones])


def spelled(n: int, language: str | None = None) -> str:
    """``n`` (0–99) in words of ``language`` (default: the active one); other
    numbers, and languages without a table, keep English or the digits."""
    language = (language or get_language() or "en").lower()
    if not 0 <= n <= 99:
        return str(n)
    if language.startswith("zh"):
        return chinese_words(n)
    if language.startswith("th"):
        return thai_words(n)
    return english_words(n)
