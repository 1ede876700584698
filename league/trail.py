"""The audit trail's chain: each revision of a game carries a digest of its
own content and of the revision before it (by id), and the game the digest of
its last one (``Game.trail_digest``). A rewritten revision, one cut from the
middle, the first or the last, changes what the chain derives, so an import
refuses such a file (``league.backup``). Pure: no database."""
import datetime
import hashlib
import json


def revision_digest(previous: str, *, game_id: int, number: int, action: str, via: str, device: str,
                    at: datetime.datetime, before, after, reason: str) -> str:
    """SHA-256 (hex) of ``previous`` and the revision's content. The account is
    named by ``via`` (its label when written), not its row, which an import may
    map to another account."""
    stamp = at.astimezone(datetime.timezone.utc).isoformat()
    payload = json.dumps([previous, game_id, number, action, via, device, stamp, before, after, reason],
                         sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def digest_of(revision, previous: str) -> str:
    """The digest a stored revision (a model instance or the like) must carry."""
    return revision_digest(previous, game_id=revision.game_id, number=revision.number, action=revision.action,
                           via=revision.via, device=revision.device, at=revision.at, before=revision.before,
                           after=revision.after, reason=revision.reason)


def first_break(revisions, head: str) -> int | None:
    """The position (1-based) of the first revision, in id order, whose stored
    digest is not the chain's, ``len + 1`` when the game's ``head`` is not the
    last digest; None when the chain holds."""
    previous = ""
    for n, revision in enumerate(revisions, start=1):
        expected = digest_of(revision, previous)
        if revision.digest != expected:
            return n
        previous = expected
    return None if previous == head else len(revisions) + 1
