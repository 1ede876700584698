"""QR codes of the sheets' links: ``segno``'s symbol (error correction M),
with the data mask the QR standard asks for chosen fast.

The standard (ISO/IEC 18004, 7.8.3) has the encoder try the eight data
masks and keep the one whose symbol scores the lowest penalty (N1: runs of
five or more modules of one colour in a row or column; N2: 2 × 2 blocks of
one colour; N3: the finder-like 1:1:3:1:1 pattern beside four light
modules; N4: the dark share's distance from half). ``segno`` scores each
mask module by module in Python (most of a code's time, docs/performance.md).
Here ``segno`` builds the final message (its codewords and error
correction); the bits' places in the symbol (found once per version with
``segno``'s own placement), the eight masks and the four scores are
computed on the whole symbol held as one integer (a row every ``stride`` bits, guard bits between rows), a few
dozen integer operations a mask. The scores are ``segno``'s exactly,
including its ways (format and version areas scored empty, its skip past a
counted N3 pattern), so the mask chosen is the one ``segno.make(...,
mask=None)`` chooses and the symbol is module for module the one it makes
(``tests/league/test_pdf_qr.py`` checks both over hundreds of links).
"""
from dataclasses import dataclass
from functools import lru_cache
from itertools import zip_longest
from operator import itemgetter

from segno import consts, encoder

_BITS = bytes.maketrans(b"\x00\x01", b"01")
_GUARD = 4  # light columns after each row, and light rows above and below (N1/N3 never cross a row)


@dataclass(frozen=True)
class _Layout:
    version: int
    width: int
    stride: int
    offset: int
    valid: int  # every module of the symbol
    guards: int  # the guard columns of rows -1 .. width - 1: light outside the symbol, across a row
    outside: int  # the rows above and below the symbol: light outside it, down a column
    masks: tuple  # each data mask pattern, on the encoding region only
    infos: tuple  # format information for each mask, version information, the dark module
    modules: int  # modules of the encoding region (data and error correction bits, remainder bits)
    place: itemgetter  # (message bits + b"01") -> every module of the unmasked symbol, in bit order


def _to_int(matrix, lay_width: int) -> int:
    """Rows of 0/1 bytes as one integer: module (r, c) at bit ``(r + 4) * stride + c``."""
    pad = b"\0" * _GUARD
    joined = b"".join(bytes(row) + pad for row in matrix).translate(_BITS)
    return int(joined[::-1], 2) << (_GUARD * (lay_width + _GUARD))


@lru_cache(maxsize=64)
def _layout(version: int, error: int) -> _Layout:
    w = encoder.calc_matrix_size(version)
    stride = w + _GUARD

    def bits(cells) -> int:
        return _to_int(cells, w)

    function = encoder.make_matrix(w, w)
    encoder.add_finder_patterns(function, w, w)
    encoder.add_alignment_patterns(function, w, w)
    # where segno's add_codewords puts each bit of the final message (rows as lists take any marker)
    placed = [list(row) for row in function]
    modules = sum(row.count(0x2) for row in placed)
    encoder.add_codewords(placed, range(16, 16 + modules), version)
    stride = w + _GUARD
    total = (w + 2 * _GUARD) * stride
    index = [modules] * total  # light
    for i, row in enumerate(placed):
        for j, v in enumerate(row):
            index[(i + _GUARD) * stride + j] = v - 16 if v >= 16 else modules + v
    function[-8][8] = 0x1
    region = [[1 if v > 1 else 0 for v in row] for row in function]
    masks = tuple(bits([[region[i][j] & bool(fn(i, j)) for j in range(w)] for i in range(w)])
                  for fn in encoder.get_data_mask_functions(False))
    infos = []
    for mask in range(8):
        info = tuple(bytearray(w) for _ in range(w))
        encoder.add_format_info(info, version, error, mask)
        encoder.add_version_info(info, version)
        infos.append(bits(info))
    valid = bits([[1] * w] * w)
    guard_row = (((1 << _GUARD) - 1) << w)
    guards = sum(guard_row << ((r + _GUARD) * stride) for r in range(-1, w))
    full_row = (1 << w) - 1
    outside = sum(full_row << ((r + _GUARD) * stride) for r in (*range(-_GUARD, 0), *range(w, w + _GUARD)))
    return _Layout(version, w, stride, _GUARD * stride, valid, guards, outside, masks, tuple(infos), modules,
                   itemgetter(*index))


def _message(value: str) -> tuple[int, int, bytes]:
    """``(version, error, bits)``: the final message of ``value`` as
    ``segno.encoder.encode`` builds it for error level M, no micro QR, no
    raised level (its data codewords, their blocks' Reed-Solomon error
    correction codewords, both interleaved, and the remainder bits), as
    ``b"0"``/``b"1"``. segno writes the data codewords; the error correction
    is computed here a codeword at a time on integers (:func:`_ecc`)."""
    error = consts.ERROR_LEVEL_M
    segments = encoder.prepare_data(value, None, None)
    version = encoder.find_version(segments, error, eci=False, micro=False)
    buff = encoder.Buffer()
    versions = encoder.version_range(version)
    for segment in segments:
        encoder.write_segment(buff, segment, None, versions, False)
    capacity = consts.SYMBOL_CAPACITY[version][error]
    encoder.write_terminator(buff, capacity, None, len(buff))
    encoder.write_padding_bits(buff, version, len(buff))
    encoder.write_pad_codewords(buff, version, capacity, len(buff))
    data = buff.getbits()
    codewords = int(bytes(data).translate(_BITS), 2).to_bytes(len(data) // 8, "big")
    blocks, corrections, at = [], [], 0
    for info in consts.ECC[version][error]:
        for _ in range(info.num_blocks):
            block = codewords[at:at + info.num_data]
            at += info.num_data
            blocks.append(block)
            corrections.append(_ecc(block, info.num_total - info.num_data))
    message = bytes(b for column in zip_longest(*blocks) for b in column if b is not None) + b"".join(
        bytes(column) for column in zip(*corrections))
    return version, error, format(int.from_bytes(message, "big"), f"0{8 * len(message)}b").encode() + (
        b"0" * _REMAINDER.get(version, 0))


_REMAINDER = {**dict.fromkeys(range(2, 7), 7), **dict.fromkeys((*range(14, 21), *range(28, 35)), 3),
              **dict.fromkeys(range(21, 28), 4)}  # bits after the codewords (segno's make_final_message)


@lru_cache(maxsize=None)
def _ecc_table(n: int) -> tuple[int, ...]:
    """For each codeword value f, f × the generator polynomial of ``n`` error
    correction codewords (its terms after the leading one), as an ``n``-byte integer."""
    gen, log, exp = consts.GEN_POLY[n], consts.GALIOS_LOG, consts.GALIOS_EXP
    return (0, *(int.from_bytes(bytes(exp[log[f] + g] for g in gen), "big") for f in range(1, 256)))


def _ecc(block: bytes, n: int) -> bytes:
    """The ``n`` Reed-Solomon codewords of ``block`` (the remainder of its
    division by the generator polynomial, segno's ``make_blocks``), the
    remainder kept as one integer shifted a codeword at a time."""
    table, shift, mask = _ecc_table(n), 8 * (n - 1), (1 << (8 * n)) - 1
    rest = 0
    for codeword in block:
        rest = ((rest << 8) & mask) ^ table[codeword ^ (rest >> shift)]
    return rest.to_bytes(n, "big")


def _unmasked(value: str) -> tuple[_Layout, int]:
    """The symbol's layout and its modules before any mask, format or version information."""
    version, error, bits = _message(value)
    lay = _layout(version, error)
    if len(bits) != lay.modules:  # pragma: no cover (segno placed every bit, or raised)
        raise ValueError(f"{len(bits)} bits for {lay.modules} modules")
    return lay, int(bytes(lay.place(bits + b"01"))[::-1], 2)


def _n3(cand: int, good: int, four: int, six: int) -> int:
    """Patterns counted the way segno scans a row or column: after a counted
    one it searches again 7 modules on, so a pattern starting 4 or 6 modules
    after a counted one is not seen."""
    good &= cand
    if cand & ((cand >> four) | (cand >> six)):
        seen = cand
        while True:
            counted = seen & good
            again = cand & ~((counted << four) | (counted << six))
            if again == seen:
                break
            seen = again
        good &= seen
    return 40 * good.bit_count()


def penalty(dark: int, lay: _Layout) -> int:
    """segno's ``evaluate_mask`` (N1 + N2 + N3 + N4) of the symbol ``dark``."""
    s = lay.stride
    s2, s3, s4, s5, s6 = 2 * s, 3 * s, 4 * s, 5 * s, 6 * s
    light = ~dark & lay.valid
    score = 0
    for p in (dark, light):
        a = p & p >> 1 & p >> 2 & p >> 3 & p >> 4  # N1 in rows: a run of L >= 5 scores L - 2
        score += a.bit_count() + 2 * (a & ~(a >> 1)).bit_count()
        a = p & p >> s & p >> s2 & p >> s3 & p >> s4  # N1 in columns
        score += a.bit_count() + 2 * (a & ~(a << s)).bit_count()
        b = p & p >> s  # N2: 2 x 2 blocks
        score += 3 * (b & b >> 1).bit_count()
    lh = light | lay.guards
    cand = dark & dark >> 2 & dark >> 3 & dark >> 4 & dark >> 6 & light >> 1 & light >> 5
    side = (lh << 1 & lh << 2 & lh << 3 & lh << 4) | (lh >> 7 & lh >> 8 & lh >> 9 & lh >> 10)
    score += _n3(cand, side, 4, 6)
    lv = light | lay.outside
    cand = dark & light >> s & dark >> s2 & dark >> s3 & dark >> s4 & light >> s5 & dark >> s6
    side = (lv << s & lv << s2 & lv << s3 & lv << s4) | (lv >> 7 * s & lv >> 8 * s & lv >> 9 * s & lv >> 10 * s)
    score += _n3(cand, side, s4, s6)
    percent = float(dark.bit_count()) / (lay.width ** 2)
    return score + 10 * int(abs(percent * 100 - 50) / 5)


@dataclass(frozen=True)
class Symbol:
    """A QR symbol: ``version``, ``mask``, ``width`` modules a side (no quiet
    zone) and ``bits``, its rows top to bottom as ``"0"``/``"1"`` (dark),
    each ``stride`` characters long (the modules, then light guard columns)."""

    version: int
    mask: int
    width: int
    stride: int
    bits: str

    @property
    def rows(self) -> tuple[str, ...]:
        return tuple(self.bits[r * self.stride:r * self.stride + self.width] for r in range(self.width))

    @property
    def matrix(self) -> tuple[bytes, ...]:
        """As ``segno``'s ``QRCode.matrix``: one byte (0 or 1) a module."""
        return tuple(row.encode().translate(bytes.maketrans(b"01", b"\x00\x01")) for row in self.rows)

    def bitmap(self) -> bytes:
        """The symbol as a 1-bit image, as a PDF image's samples: its rows top
        to bottom, each ``ceil(width / 8)`` bytes, its modules left to right
        from each byte's high bit, 1 dark, the rest of a row's last byte light."""
        width, stride, bits = self.width, self.stride, self.bits
        pad = "0" * (-width % 8)
        rows = pad.join(bits[r:r + width] for r in range(0, width * stride, stride)) + pad
        return int(rows, 2).to_bytes(len(rows) // 8, "big")


def encode(value: str, mask: int | None = None) -> Symbol:
    """The QR symbol of ``value`` (level M, no micro QR, no raised level) with
    the mask the standard's penalty chooses: ``segno.make(value, error="m",
    micro=False, boost_error=False)``'s symbol, faster. ``mask`` (0-7) forces
    one mask, as segno's ``mask=`` does."""
    lay, unmasked = _unmasked(value)
    if mask is None:
        scores = [penalty(unmasked ^ m, lay) for m in lay.masks]
        mask = scores.index(min(scores))
    symbol = (unmasked ^ lay.masks[mask] ^ lay.infos[mask]) >> lay.offset
    return Symbol(lay.version, mask, lay.width, lay.stride, format(symbol, f"0{lay.width * lay.stride}b")[::-1])
