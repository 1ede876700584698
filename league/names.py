"""People's names as the club sees them: normalised to NFC, and refused when
they hold characters that make two names look alike or reorder the text
(bidi controls, zero-width characters, other invisible format characters)."""
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

INVISIBLE = {
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff",  # zero-width
    "\u200e", "\u200f", "\u061c", *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A)),  # bidi
}


def normalised(raw: str) -> str:
    """``raw`` in NFC with its spaces collapsed."""
    return " ".join(unicodedata.normalize("NFC", raw or "").split())


def refuse_invisible(name: str) -> None:
    """A ValidationError when ``name`` holds a bidi control, a zero-width or
    another invisible format character (Unicode category Cf), or a control."""
    bad = sorted({c for c in name if c in INVISIBLE or unicodedata.category(c) in ("Cf", "Cc")})
    if bad:
        raise ValidationError(_(
            "A name may not hold invisible or direction-changing characters (%(codes)s); type it again."
        ) % {"codes": ", ".join(f"U+{ord(c):04X}" for c in bad)}, code="invisible")


def clean_name(raw: str, field: str = "name") -> str:
    """``raw`` normalised; a ValidationError under ``field`` when it holds an
    invisible character (``refuse_invisible``)."""
    name = normalised(raw)
    try:
        refuse_invisible(name)
    except ValidationError as e:
        raise ValidationError({field: e.messages}) from None
    return name
